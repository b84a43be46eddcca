import { describe, expect, it } from 'vitest';
import { AI_ERROR_CODES, AI_ERRORS, aiErrorText, matchAiError } from './ai-errors.ts';

describe('AI error catalogue', () => {
  it('has an English and a Finnish text for every code, and a server message that matches itself', () => {
    for (const code of AI_ERROR_CODES) {
      const entry = AI_ERRORS[code];
      expect(entry.code).toBe(code);
      expect(entry.en.length).toBeGreaterThan(10);
      expect(entry.fi.length).toBeGreaterThan(10);
      expect(entry.fi).not.toBe(entry.en);
      expect(entry.server.toLowerCase()).toContain(entry.matches[0]);
      expect(matchAiError(entry.server)?.code).toBe(code);
    }
  });

  it('matches the spec 8.2 and 8.3 server-message substrings', () => {
    expect(matchAiError('Error: quota exceeded for project')?.code).toBe('quota_exceeded');
    expect(matchAiError('Service temporarily unavailable')?.code).toBe('temporarily_unavailable');
    expect(matchAiError('OpenAI authentication failed')?.code).toBe('authentication_failed');
    expect(matchAiError('File too large')?.code).toBe('too_large');
    expect(matchAiError('Unable to process the audio file')?.code).toBe('unprocessable_audio');
    expect(matchAiError('Excessive repetition in transcript')?.code).toBe('excessive_repetition');
    expect(matchAiError('Poor audio quality')?.code).toBe('poor_audio_quality');
    expect(matchAiError('Something else entirely')).toBeUndefined();
  });

  it('shows the no-speech text for every no-speech variant', () => {
    const noSpeech = AI_ERRORS.no_speech.en;
    for (const message of ['No speech detected', 'very little speech', 'too few words', 'background noise', 'only silence']) {
      expect(matchAiError(message)?.en).toBe(noSpeech);
    }
    expect(noSpeech).toBe('No speech detected in the recording. Please try again and speak clearly into the microphone.');
  });

  it('uses the spec\'s English texts and fills placeholders', () => {
    expect(aiErrorText('quota_exceeded', 'en')).toBe('AI transcription service quota exceeded. Please try again later or contact support.');
    expect(aiErrorText('too_large', 'en')).toBe('Audio file is too large. Please record a shorter message.');
    expect(aiErrorText('upload_failed', 'en', { message: 'network down' })).toBe('Upload failed: network down.');
    expect(aiErrorText('upload_failed', 'fi', { message: 'verkko' })).toBe('Lähetys epäonnistui: verkko.');
  });
});
