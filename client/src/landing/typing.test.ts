import { describe, expect, it } from 'vitest';
import { splitTypingWords, typedText, wordsTypedAfter } from './typing.ts';

describe('splitTypingWords', () => {
  it('keeps the whitespace after each word so the words join back to the text', () => {
    const text = 'So, um,  this was\n\nthe summer.';
    const words = splitTypingWords(text);
    expect(words).toEqual(['So, ', 'um,  ', 'this ', 'was\n\n', 'the ', 'summer.']);
    expect(words.join('')).toBe(text);
  });

  it('keeps leading whitespace with the first word', () => {
    expect(splitTypingWords('  no niin')).toEqual(['  no ', 'niin']);
  });

  it('gives no words for empty or blank text', () => {
    expect(splitTypingWords('')).toEqual([]);
    expect(splitTypingWords(' \n ')).toEqual([]);
  });
});

describe('wordsTypedAfter', () => {
  it('shows the first word at once and one more every interval', () => {
    expect(wordsTypedAfter(0, 50, 10)).toBe(1);
    expect(wordsTypedAfter(49, 50, 10)).toBe(1);
    expect(wordsTypedAfter(50, 50, 10)).toBe(2);
    expect(wordsTypedAfter(125, 50, 10)).toBe(3);
  });

  it('stops at the total', () => {
    expect(wordsTypedAfter(10_000, 50, 10)).toBe(10);
  });

  it('handles empty text, negative time and a zero interval', () => {
    expect(wordsTypedAfter(500, 50, 0)).toBe(0);
    expect(wordsTypedAfter(-100, 50, 10)).toBe(1);
    expect(wordsTypedAfter(0, 0, 10)).toBe(10);
  });
});

describe('typedText', () => {
  const words = splitTypingWords('Now you know\nthe way home.');

  it('joins the typed words without trailing whitespace', () => {
    expect(typedText(words, 0)).toBe('');
    expect(typedText(words, 1)).toBe('Now');
    expect(typedText(words, 3)).toBe('Now you know');
    expect(typedText(words, 4)).toBe('Now you know\nthe');
  });

  it('shows the whole text once every word is typed, and no more', () => {
    expect(typedText(words, words.length)).toBe('Now you know\nthe way home.');
    expect(typedText(words, 99)).toBe('Now you know\nthe way home.');
  });
});
