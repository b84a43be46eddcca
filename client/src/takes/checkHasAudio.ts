import type { RecordedAudio, RecordingProblem } from './recordedAudio.ts';

/** "No audio recorded" when the recorder delivered no data or only empty data. */
export function checkHasAudio(audio: Pick<RecordedAudio, 'chunkCount' | 'sizeBytes'>): RecordingProblem | null {
  return audio.chunkCount === 0 || audio.sizeBytes <= 0 ? { kind: 'no_audio' } : null;
}
