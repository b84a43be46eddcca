import { describe, expect, it } from 'vitest';
import { sentencesOf, wordsIn } from './sentences.ts';

/** What Intl.Segmenter gives for the whole text at once: the rule sentencesOf keeps. */
function atOnce(text: string, language: string): string[] {
  return [...new Intl.Segmenter(language, { granularity: 'sentence' }).segment(text)].map((part) => part.segment.trim()).filter(Boolean);
}

describe('sentencesOf', () => {
  it('cuts a long text exactly as the segmenter cuts it at once', () => {
    const pieces = [
      'We rowed across the lake.',
      'Mr. Virtanen said "Come in!" and we did.',
      'It weighed 3.5 kg, e.g. a small pike?',
      'She said it again... (and again) and then',
      'stopped.',
      'Äiti sanoi: "Tule jo." Sitten lähdimme.',
      'Oli kesä 1952! Olin kuusi.',
    ];
    for (const language of ['en', 'fi']) {
      const spaced = Array.from({ length: 200 }, (_, i) => pieces[i % pieces.length] + (i % 5 ? ' ' : '\n\n')).join('');
      expect(spaced.length).toBeGreaterThan(6000);
      expect(sentencesOf(spaced, language)).toEqual(atOnce(spaced, language));
    }
  });

  it('keeps a sentence longer than a window whole, and its words', () => {
    const run = Array.from({ length: 3000 }, (_, i) => `sana${i}`).join(' ');
    const text = `Alku. Pitkä ${run}. Loppu.`;
    expect(sentencesOf(text, 'fi')).toEqual(['Alku.', `Pitkä ${run}.`, 'Loppu.']);
    expect(sentencesOf(text, 'fi').flatMap(wordsIn)).toEqual(wordsIn(text));
  });

  it('cuts the longest transcript without the segmenter slowing to seconds', () => {
    const text = Array.from({ length: 3000 }, (_, i) => `Another thing entirely ${i * 7} happened over there then.`).join(' ');
    expect(text.length).toBeGreaterThan(150_000);
    // Not a clock: a count. Cut at once, this text took the segmenter several seconds.
    expect(sentencesOf(text, 'en')).toHaveLength(3000);
  });
});
