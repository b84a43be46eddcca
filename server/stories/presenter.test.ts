import { expect, it } from 'vitest';
import { wordsOf } from '../../contract/reading.ts';
import { excerptOf, excerptOfStart, TEXT_START_CHARACTERS } from './presenter.ts';

// The lists read only the start of a text (TEXT_START_CHARACTERS + 1 characters; decision 023).
const startOf = (text: string) => text.slice(0, TEXT_START_CHARACTERS + 1);

it('gives the same excerpt from the start of a long text as from the whole', () => {
  const text = `<p>${'Kesällä soudimme järven yli joka aamu. '.repeat(100)}</p>`;
  expect(excerptOfStart(startOf(text))).toBe(excerptOf(text));
  expect(excerptOfStart('A short story.')).toBe('A short story.');
  expect(excerptOfStart(null)).toBe('');
});

it('leaves out a word or a tag cut in half at the end of a start that is mostly markup', () => {
  const markup = `<p style="${'x'.repeat(TEXT_START_CHARACTERS - 40)}">`;
  const cutInWord = `${markup}Kesällä soudimme järven yli joka aamu ja illalla`;
  const start = startOf(cutInWord);
  expect(start.length).toBe(TEXT_START_CHARACTERS + 1);
  expect(excerptOfStart(start)).toMatch(/^Kesällä soudimme( \S+)*…$/);
  expect(cutInWord.startsWith(start.replace(/…$/, ''))).toBe(true);
  expect(excerptOfStart(start).replace('…', '').split(' ').every((word) => cutInWord.includes(` ${word} `) || cutInWord.includes(`>${word} `))).toBe(true);

  // The start ends inside `<span class="x">`, after its space: a tag cut in half is not a word.
  const cutInTag = startOf(`<p style="${'x'.repeat(TEXT_START_CHARACTERS - 30)}">Short words <span class="x">more</span></p>`);
  expect(cutInTag.endsWith('<span c')).toBe(true);
  expect(excerptOfStart(cutInTag)).toBe('Short words…');
});

it('makes every excerpt by its definition: the words of the text joined by spaces, cut at a word before 200 characters', () => {
  const byDefinition = (text: string) => {
    const words = wordsOf(text).join(' ');
    if (words.length <= 200) return words;
    const cut = words.slice(0, 200);
    return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : 200)}…`;
  };
  // Texts of words, tags, runs of spaces and long words, from a fixed seed: the shortcut through a shorter start must never show.
  let seed = 7;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const pieces = ['järvi', 'summer', '<p>', '</p>', '<b class="x">', '\n\n', '   ', 'a', 'x'.repeat(60), '<br/>', 'Kesällä'];
  for (let sample = 0; sample < 500; sample++) {
    const text = Array.from({ length: next(150) }, () => pieces[next(pieces.length)] + (next(3) ? ' ' : '')).join('');
    expect(excerptOf(text), JSON.stringify(text)).toBe(byDefinition(text));
  }
});
