import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';

/** The microphone as the spec asks for it (9.2): mono, 16 kHz, with the browser's voice clean-up on. */
export const MICROPHONE: MediaStreamConstraints = {
  audio: {
    channelCount: 1,
    sampleRate: RECORDING_LIMITS.sampleRate,
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
  },
};

/** Why the microphone could not be opened, for the spec's 8.4 texts. */
export type MicrophoneErrorKind = 'permission_denied' | 'no_microphone' | 'not_supported' | 'start_failed';

/** The kind of a getUserMedia or MediaRecorder failure, by the error's name. */
export function microphoneErrorKind(error: unknown): MicrophoneErrorKind {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'permission_denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no_microphone';
    case 'NotSupportedError':
      return 'not_supported';
    default:
      return 'start_failed';
  }
}
