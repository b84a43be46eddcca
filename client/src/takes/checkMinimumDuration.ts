import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';
import type { RecordedAudio, RecordingProblem } from './recordedAudio.ts';

/** "Recording must be at least 1 second long." */
export function checkMinimumDuration(audio: Pick<RecordedAudio, 'durationSeconds'>): RecordingProblem | null {
  return audio.durationSeconds < RECORDING_LIMITS.minDurationSeconds ? { kind: 'too_short' } : null;
}
