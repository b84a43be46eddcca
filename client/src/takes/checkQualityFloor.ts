import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';
import type { RecordedAudio, RecordingProblem } from './recordedAudio.ts';

/** The fewest bytes a recording of this length may have: the larger of 1000 and 200 per second. */
export function qualityFloorBytes(durationSeconds: number): number {
  return Math.max(RECORDING_LIMITS.minBytes, durationSeconds * RECORDING_LIMITS.qualityBytesPerSecond);
}

/**
 * "Recording quality too low (…KB for …s)" when a recording longer than 2 s has fewer bytes
 * than the floor; carries the size in kilobytes and the length in seconds for the message.
 */
export function checkQualityFloor(audio: Pick<RecordedAudio, 'sizeBytes' | 'durationSeconds'>): RecordingProblem | null {
  const { sizeBytes, durationSeconds } = audio;
  if (durationSeconds <= RECORDING_LIMITS.qualityFloorAfterSeconds) return null;
  if (sizeBytes >= qualityFloorBytes(durationSeconds)) return null;
  return { kind: 'low_quality', kilobytes: sizeBytes / 1024, seconds: durationSeconds };
}
