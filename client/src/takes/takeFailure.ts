import type { MicrophoneErrorKind } from './microphone.ts';
import type { RecordingProblem } from './recordedAudio.ts';

/** Why a take ended without audio to upload: the microphone, a check at stop (spec 5), or the stop itself. */
export type TakeFailure =
  | { type: 'microphone'; kind: MicrophoneErrorKind }
  | { type: 'problem'; problem: RecordingProblem }
  | { type: 'stop_failed' };
