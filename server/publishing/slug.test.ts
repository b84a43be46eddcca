import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../contract/publishing.ts';
import { slugCandidates, slugFromTitle, withSuffix } from './slug.ts';

describe('slugFromTitle', () => {
  it.each([
    ['Mökkikesä 1965', 'mokkikesa-1965'],
    ['Äiti ja Öljy-Åsa', 'aiti-ja-oljy-asa'],
    ['Crème brûlée à Paris', 'creme-brulee-a-paris'],
    ['Über die Straße', 'uber-die-strasse'],
    ["Grandma's house & garden", 'grandmas-house-garden'],
    ['</script><b>bold</b>', 'script-b-bold-b'],
    ['  Lots   of -- spaces  ', 'lots-of-spaces'],
  ])('%j becomes %j', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it.each(['', '   ', '???', '東京の夏', '💙'])('falls back to "story" when %j leaves nothing', (title) => {
    expect(slugFromTitle(title)).toBe('story');
  });

  it('keeps within the length and ends on a letter or digit', () => {
    const slug = slugFromTitle(`${'word '.repeat(30)}end`);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toMatch(SLUG_PATTERN);
  });
});

describe('suffixes for a taken slug', () => {
  it('counts from 2 after the base', () => {
    expect(slugCandidates('kesa', 1, 4)).toEqual(['kesa', 'kesa-2', 'kesa-3', 'kesa-4']);
    expect(slugCandidates('kesa', 21, 2)).toEqual(['kesa-21', 'kesa-22']);
  });

  it('shortens a long base so the suffix fits', () => {
    const base = slugFromTitle('a'.repeat(200));
    expect(base).toHaveLength(SLUG_MAX_LENGTH);
    const suffixed = withSuffix(base, 12);
    expect(suffixed).toHaveLength(SLUG_MAX_LENGTH);
    expect(suffixed.endsWith('-12')).toBe(true);
    // A cut that lands on a hyphen leaves none before the suffix's.
    expect(withSuffix(`${'a'.repeat(77)}-bbbb`, 2)).toBe(`${'a'.repeat(77)}-2`);
  });
});
