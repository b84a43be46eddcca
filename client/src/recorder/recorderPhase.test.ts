import { describe, expect, it } from 'vitest';
import { canPauseOrResume, recorderStatusKey } from './recorderPhase.ts';

describe('recorderStatusKey', () => {
  it('names the status of every phase', () => {
    expect(recorderStatusKey('idle')).toBe('status.tapToRecord');
    expect(recorderStatusKey('recording')).toBe('status.recording');
    expect(recorderStatusKey('paused')).toBe('status.paused');
    expect(recorderStatusKey('analyzing')).toBe('status.analyzing');
    expect(recorderStatusKey('uploading')).toBe('status.processing');
  });
});

describe('canPauseOrResume', () => {
  it('is true only while the microphone is open', () => {
    expect(canPauseOrResume('recording')).toBe(true);
    expect(canPauseOrResume('paused')).toBe(true);
    expect(canPauseOrResume('idle')).toBe(false);
    expect(canPauseOrResume('analyzing')).toBe(false);
    expect(canPauseOrResume('uploading')).toBe(false);
  });
});
