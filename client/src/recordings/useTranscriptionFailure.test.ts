import { describe, expect, it } from 'vitest';
import { transcriptionFailureCode } from './useTranscriptionFailure.ts';

describe('transcriptionFailureCode', () => {
  it('matches the transcription error to the catalogue', () => {
    expect(transcriptionFailureCode('OpenAI: quota exceeded for this key')).toBe('quota_exceeded');
    expect(transcriptionFailureCode('Unable to process the audio.')).toBe('unprocessable_audio');
  });

  it('is null without a match or an error', () => {
    expect(transcriptionFailureCode('kaboom')).toBeNull();
    expect(transcriptionFailureCode(null)).toBeNull();
  });
});
