import { describe, expect, it } from 'vitest';
import { contentWords, shareIn, WordIndex } from './content-words.ts';

describe('contentWords', () => {
  it('keeps the words that say something, folded, once each, and numbers', () => {
    expect(contentWords('Oh, and then I remember we swam in the Lake, the lake, in 1952.')).toEqual(['swam', 'lake', '1952']);
    expect(contentWords('No niin, me uitiin sitten Näsijärvessä joka kesä.')).toEqual(['uitiin', 'nasijarvessa', 'kesa']);
  });
});

describe('WordIndex', () => {
  const index = new WordIndex(['Kesäisin uimme järvessä Turussa.', 'Matin kanssa Helsingissä.', 'Nothing here.']);

  it('finds a word in the texts that have it in another form', () => {
    expect(index.textsHaving('kesa')).toEqual([0]);
    expect(index.textsHaving('jarvi')).toEqual([0]);
    expect(index.textsHaving('turku')).toEqual([0]);
    expect(index.textsHaving('matti')).toEqual([1]);
    expect(index.textsHaving('helsinki')).toEqual([1]);
    expect(index.textsHaving('talvi')).toEqual([]);
  });

  it('gives each text the share of the words it has', () => {
    expect(index.sharesOf(['kesa', 'helsinki', 'talvi', 'jarvi'])).toEqual([0.5, 0.25, 0]);
    expect(index.sharesOf([])).toEqual([0, 0, 0]);
    expect(shareIn('We rowed across the lake.', contentWords('The lake, the boat.'))).toBe(0.5);
  });
});
