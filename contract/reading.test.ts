import { expect, it } from 'vitest';
import { readingMinutes, transcriptionPreview, wordsOf } from './reading.ts';

it('counts words without tags', () => {
  expect(wordsOf('<p>Hello <b>old</b> friend</p>')).toEqual(['Hello', 'old', 'friend']);
  expect(wordsOf(null)).toEqual([]);
});

it('reads at 200 words a minute, at least one minute, rounded up', () => {
  expect(readingMinutes('')).toBe(1);
  expect(readingMinutes('word '.repeat(200))).toBe(1);
  expect(readingMinutes('word '.repeat(201))).toBe(2);
  expect(readingMinutes(`<p>${'word '.repeat(400)}</p>`)).toBe(2);
});

it('previews the first 15 words', () => {
  expect(transcriptionPreview('one two three')).toBe('one two three');
  expect(transcriptionPreview(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toBe(
    `${Array.from({ length: 15 }, (_, i) => `w${i}`).join(' ')}…`,
  );
  expect(transcriptionPreview('   ')).toBeNull();
});
