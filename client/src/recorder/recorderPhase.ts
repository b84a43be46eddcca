/**
 * Where the main recorder is (spec 4, "Recorder"): idle until recording starts; recording
 * and paused while the microphone is open; analyzing during the checks at stop; uploading
 * once the recording is on its way.
 */
export type RecorderPhase = 'idle' | 'recording' | 'paused' | 'analyzing' | 'uploading';

/** Key of the status text under the timer: tap to record, recording in progress, paused, analyzing audio, processing in background. */
export function recorderStatusKey(phase: RecorderPhase): string {
  const keys: Record<RecorderPhase, string> = {
    idle: 'status.tapToRecord',
    recording: 'status.recording',
    paused: 'status.paused',
    analyzing: 'status.analyzing',
    uploading: 'status.processing',
  };
  return keys[phase];
}

/** Pause and resume are offered only while recording or paused. */
export function canPauseOrResume(phase: RecorderPhase): boolean {
  return phase === 'recording' || phase === 'paused';
}
