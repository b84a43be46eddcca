import { describe, expect, it } from 'vitest';
import { rms, SOUND_RMS } from './answerMicrophone.ts';
import { conversationLink, readConversationRequest } from './conversationLink.ts';

describe('the conversation\'s address', () => {
  it('carries an interviewer question and its id there and back; none opens with Saaga\'s own', () => {
    const link = conversationLink({ question: 'What was home like? Room by room.', questionId: 'childhood.home' });
    expect(link.startsWith('/talk?')).toBe(true);
    expect(readConversationRequest(new URL(link, 'http://x').searchParams)).toEqual({ question: 'What was home like? Room by room.', questionId: 'childhood.home', aboutPhotoId: null });
    expect(conversationLink()).toBe('/talk');
    expect(conversationLink({ aboutPhotoId: 5 })).toBe('/talk?aboutPhoto=5');
    expect(readConversationRequest(new URLSearchParams('aboutPhoto=5')).aboutPhotoId).toBe(5);
    expect(readConversationRequest(new URLSearchParams('aboutPhoto=five')).aboutPhotoId).toBeNull();
    expect(readConversationRequest(new URLSearchParams('question=%20%20'))).toEqual({ question: null, questionId: null, aboutPhotoId: null });
  });
});

describe('a pause', () => {
  it('is a waveform quieter than about -45 dBFS; speech is louder', () => {
    expect(rms(new Float32Array(512))).toBe(0);
    expect(rms(new Float32Array(512).fill(0.001))).toBeLessThan(SOUND_RMS);
    const speech = Float32Array.from({ length: 512 }, (_, i) => 0.2 * Math.sin(i / 5));
    expect(rms(speech)).toBeGreaterThan(SOUND_RMS);
    expect(rms([])).toBe(0);
  });
});
