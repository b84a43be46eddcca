/** What the browser offers for recording. */
export interface RecordingEnvironment {
  hasGetUserMedia: boolean;
  hasMediaRecorder: boolean;
  /** Browsers offer the microphone only on https or localhost. */
  isSecureContext: boolean;
}

export type RecordingSupportProblem = 'insecure_context' | 'no_microphone_access' | 'no_media_recorder';

/** Why this browser cannot record (spec 5: "Recording not supported" with reasons); empty when it can. */
export function recordingSupportProblems(env: RecordingEnvironment): RecordingSupportProblem[] {
  const problems: RecordingSupportProblem[] = [];
  if (!env.hasGetUserMedia) problems.push(env.isSecureContext ? 'no_microphone_access' : 'insecure_context');
  if (!env.hasMediaRecorder) problems.push('no_media_recorder');
  return problems;
}

/** The recording environment of this browser. */
export function browserRecordingEnvironment(): RecordingEnvironment {
  return {
    hasGetUserMedia: typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function',
    hasMediaRecorder: typeof MediaRecorder !== 'undefined',
    isSecureContext: typeof window === 'undefined' || window.isSecureContext,
  };
}
