import { describe, expect, it } from 'vitest';
import { chooseRecordingFormat, fileExtension, recordingFileName } from './recordingFormat.ts';

describe('chooseRecordingFormat', () => {
  it('takes webm opus at 64 kbps when the browser has it', () => {
    expect(chooseRecordingFormat(() => true)).toEqual({ mimeType: 'audio/webm;codecs=opus', bitsPerSecond: 64000 });
  });

  it('falls back in the preferred order', () => {
    const safari = (type: string) => type.startsWith('audio/mp4');
    expect(chooseRecordingFormat(safari)).toEqual({ mimeType: 'audio/mp4;codecs=mp4a.40.2', bitsPerSecond: 128000 });
    expect(chooseRecordingFormat((type) => type === 'audio/wav')?.bitsPerSecond).toBe(256000);
  });

  it('is null when none is supported', () => {
    expect(chooseRecordingFormat(() => false)).toBeNull();
  });
});

describe('recordingFileName', () => {
  it('names uploads recording-{timestamp} with the extension of the recorded type', () => {
    expect(recordingFileName('audio/webm;codecs=opus', 1700000000000)).toBe('recording-1700000000000.webm');
    expect(recordingFileName('audio/mp4', 5)).toBe('recording-5.m4a');
    expect(recordingFileName('audio/ogg; codecs=opus', 5)).toBe('recording-5.ogg');
    expect(recordingFileName('audio/wav', 5)).toBe('recording-5.wav');
  });

  it('uses webm for an unknown or empty type', () => {
    expect(fileExtension('')).toBe('webm');
    expect(fileExtension('audio/x-unknown')).toBe('webm');
  });
});
