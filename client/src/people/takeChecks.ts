import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';

/** Why a take cannot be kept (spec 5, size checks on stop), in the spec's order. */
export type TakeProblem = 'noAudio' | 'tooSmall' | 'tooShort';

/** The first problem of a stopped take, or null when it may be uploaded. */
export function takeProblem({ sizeBytes, seconds }: { sizeBytes: number; seconds: number }): TakeProblem | null {
  if (sizeBytes === 0) return 'noAudio';
  if (sizeBytes < RECORDING_LIMITS.minBytes) return 'tooSmall';
  if (seconds < RECORDING_LIMITS.minDurationSeconds) return 'tooShort';
  return null;
}
