import { describe, expect, it } from 'vitest';
import { SOFT_HYPHEN } from './hyphenate.ts';
import { breakLines, splitForPage } from './lines.ts';

// Every character one unit wide: the lines can be read off by eye.
const measure = (text: string) => text.length;
const shown = (lines: ReturnType<typeof breakLines>) => lines.map((line) => line.words.join(' '));

describe('breakLines', () => {
  it('fills each line with whole words and marks only the last', () => {
    const lines = breakLines('the quick brown fox jumps over the lazy dog', 15, measure);
    expect(shown(lines)).toEqual(['the quick brown', 'fox jumps over', 'the lazy dog']);
    expect(lines.map((line) => line.last)).toEqual([false, false, true]);
  });

  it('breaks a word at its last soft hyphen that fits, with a hyphen, and shows no soft hyphen', () => {
    const word = ['lento', 'kone', 'suihku', 'turbiini'].join(SOFT_HYPHEN);
    const lines = breakLines(`iso ${word} on`, 20, measure);
    expect(shown(lines)).toEqual(['iso lentokonesuihku-', 'turbiini on']);
    expect(lines.flatMap((line) => line.words).join('')).not.toContain(SOFT_HYPHEN);
  });

  it('moves a word with no break that fits to the next line, and cuts one longer than the column', () => {
    expect(shown(breakLines('aa bbbbbbbb', 8, measure))).toEqual(['aa', 'bbbbbbbb']);
    expect(shown(breakLines('https://example.com/a', 8, measure))).toEqual(['https://', 'example.', 'com/a']);
  });
});

describe('splitForPage', () => {
  it('keeps at least two lines of a paragraph on each side of a page break', () => {
    expect(splitForPage(5, 10)).toBe(5);
    expect(splitForPage(10, 4)).toBe(4);
    // One line would be left for the next page: two go with it.
    expect(splitForPage(5, 4)).toBe(3);
    // One line would stand at the foot: the paragraph starts the next page.
    expect(splitForPage(5, 1)).toBe(0);
    expect(splitForPage(3, 2)).toBe(0);
  });
});
