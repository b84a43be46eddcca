import type { RecordedAudio, RecordingProblem } from './recordedAudio.ts';
import { recordingHasSpeech } from './recordingHasSpeech.ts';
import { firstRecordingProblem } from './stopChecks.ts';

/**
 * Every check a stopped take passes before upload (spec 5), the decoding speech check last:
 * the first problem found, or null when the take may be uploaded.
 */
export async function takeProblem(audio: Blob, recorded: Omit<RecordedAudio, 'sizeBytes'>): Promise<RecordingProblem | null> {
  const problem = firstRecordingProblem({ ...recorded, sizeBytes: audio.size });
  if (problem) return problem;
  return (await recordingHasSpeech(audio)) ? null : { kind: 'no_speech' };
}
