import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';
import type { RecordedAudio, RecordingProblem } from './recordedAudio.ts';

/** "No speech detected in recording" when the audio is under the minimum size (1000 bytes). */
export function checkMinimumSize(audio: Pick<RecordedAudio, 'sizeBytes'>): RecordingProblem | null {
  return audio.sizeBytes < RECORDING_LIMITS.minBytes ? { kind: 'too_small' } : null;
}
