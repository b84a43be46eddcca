import { describe, expect, it } from 'vitest';
import { buildVocabularyPrompt, MAX_VOCABULARY_CHARS } from './transcription.ts';

describe('transcription prompt', () => {
  it('vocabulary hint: names in the speaker\'s language, deduplicated and bounded', () => {
    expect(buildVocabularyPrompt([], 'en')).toBeUndefined();
    expect(buildVocabularyPrompt(['Anna', 'Tampere', 'Anna'], 'en')).toBe('A personal memory. Names that may come up: Anna, Tampere.');
    expect(buildVocabularyPrompt(['Anna'], 'fi')).toContain('Nimiä');
    const many = Array.from({ length: 500 }, (_, i) => `Name${i}`);
    expect(buildVocabularyPrompt(many, 'en')!.length).toBeLessThan(MAX_VOCABULARY_CHARS + 80);
  });
});
