import { describe, expect, it } from 'vitest';
import { microphoneErrorKind } from './microphone.ts';

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('microphoneErrorKind', () => {
  it('reads a refused permission', () => {
    expect(microphoneErrorKind(domError('NotAllowedError'))).toBe('permission_denied');
    expect(microphoneErrorKind(domError('SecurityError'))).toBe('permission_denied');
  });

  it('reads a missing microphone', () => {
    expect(microphoneErrorKind(domError('NotFoundError'))).toBe('no_microphone');
  });

  it('reads an unsupported browser', () => {
    expect(microphoneErrorKind(domError('NotSupportedError'))).toBe('not_supported');
  });

  it('calls anything else a failed start', () => {
    expect(microphoneErrorKind(domError('AbortError'))).toBe('start_failed');
    expect(microphoneErrorKind('boom')).toBe('start_failed');
    expect(microphoneErrorKind(null)).toBe('start_failed');
  });
});
