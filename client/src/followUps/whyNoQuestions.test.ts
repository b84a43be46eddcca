import { describe, expect, it } from 'vitest';
import { whyNoQuestions } from './whyNoQuestions.ts';

const base = { awaited: null, written: true, coming: false, refreshing: false } as const;

describe('whyNoQuestions', () => {
  it('names the missing writer before anything else', () => {
    expect(whyNoQuestions({ ...base, awaited: 'writer', coming: true })).toBe('waitingForWriter');
    expect(whyNoQuestions({ ...base, awaited: 'writer', written: false })).toBe('waitingForWriter');
  });

  it('a story not written yet, questions on their way, or none', () => {
    expect(whyNoQuestions({ ...base, written: false, coming: true })).toBe('notWritten');
    expect(whyNoQuestions({ ...base, coming: true })).toBe('coming');
    expect(whyNoQuestions({ ...base, refreshing: true })).toBe('coming');
    expect(whyNoQuestions(base)).toBe('empty');
  });
});
