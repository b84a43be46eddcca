import { describe, expect, it } from 'vitest';
import { fileExtension, recordingFileName } from './recordingFormat.ts';

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
