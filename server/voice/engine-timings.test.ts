import { describe, expect, it } from 'vitest';
import type { TimedWord } from '../../contract/voice.ts';
import { timingsFromEngine } from './engine-timings.ts';
import { sentencesWithWords } from './sentence-words.ts';
import { sameWords, sentencesOf } from './sentences.ts';

/** Engine words one after another, each `seconds` long, from `start`. */
function spoken(words: string[], start = 0, seconds = 0.5): TimedWord[] {
  return words.map((text, i) => ({ text, start: start + i * seconds, end: start + (i + 1) * seconds }));
}

describe('timings from the engine\'s words', () => {
  const text = 'And so, my fellow Americans, ask not. Ask what you can do!';
  // whisper-1's words: no punctuation, as OpenAI's verbose_json gives them.
  const words = spoken(['And', 'so', 'my', 'fellow', 'Americans', 'ask', 'not', 'Ask', 'what', 'you', 'can', 'do']);

  it('cuts the text into its sentences and gives each word the time the engine heard it at', () => {
    const timings = timingsFromEngine({ text, segments: [], words }, 'en')!;
    expect(timings.source).toBe('words');
    expect(timings.sentences.map((s) => s.text)).toEqual(sentencesOf(text, 'en'));
    expect(sameWords(timings, text)).toBe(true);
    const [first, second] = timings.sentences;
    expect(first).toMatchObject({ start: 0, end: 3.5 });
    expect(second).toMatchObject({ start: 3.5, end: 6 });
    // The words are the text's, punctuation and all; the times the engine's.
    expect(first!.words!.slice(0, 3)).toEqual([
      { text: 'And', start: 0, end: 0.5 },
      { text: 'so,', start: 0.5, end: 1 },
      { text: 'my', start: 1, end: 1.5 },
    ]);
    expect(second!.words!.at(-1)).toEqual({ text: 'do!', start: 5.5, end: 6 });
  });

  it('pairs words the engine spelled differently by their place: a broken letter, a split word, a word it missed or added', () => {
    const finnish = 'Kävimme Tampereella kesällä. Sisareni Anna ui järvessä.';
    // whisper.cpp's tokens can break a letter ("k\uFFFDvimme"), split a name, leave a word out or add one.
    const heard: TimedWord[] = [
      { text: 'K\uFFFD\uFFFDvimme', start: 0, end: 0.6 },
      { text: 'Tampereella', start: 0.7, end: 1.4 },
      { text: 'kesällä.', start: 1.5, end: 2 },
      { text: 'Sisa', start: 3, end: 3.3 },
      { text: 'reni', start: 3.3, end: 3.6 },
      // "Anna" missed
      { text: 'ui', start: 4.2, end: 4.4 },
      { text: 'öö', start: 4.5, end: 4.7 },
      { text: 'järvessä.', start: 4.8, end: 5.5 },
    ];
    const timings = timingsFromEngine({ text: finnish, segments: [], words: heard }, 'fi')!;
    expect(sameWords(timings, finnish)).toBe(true);
    const times = Object.fromEntries(timings.sentences.flatMap((s) => s.words!).map((w) => [w.text, [w.start, w.end]]));
    expect(times['Kävimme']).toEqual([0, 0.6]);
    expect(times['Tampereella']).toEqual([0.7, 1.4]);
    expect(times['Sisareni']).toEqual([3, 3.6]); // the two pieces' span
    expect(times['Anna']).toEqual([3.6, 4.2]); // the pause between its neighbours
    expect(times['ui']).toEqual([4.2, 4.4]);
    expect(times['järvessä.']).toEqual([4.8, 5.5]); // "öö" heard but not written: gone
    expect(timings.sentences.map((s) => [s.start, s.end])).toEqual([[0, 2], [3, 5.5]]);
  });

  it('keeps times in order when the engine\'s overlap or go back', () => {
    const timings = timingsFromEngine({ text: 'One two three.', segments: [], words: [
      { text: 'One', start: 1, end: 1.5 }, { text: 'two', start: 0.8, end: 0.7 }, { text: 'three.', start: 2, end: 2.5 },
    ] })!;
    const starts = timings.sentences[0]!.words!.map((w) => w.start);
    expect(starts).toEqual([1, 1, 2]);
    for (const w of timings.sentences[0]!.words!) expect(w.end).toBeGreaterThanOrEqual(w.start);
  });

  it('still times every word when the engine heard something else entirely', () => {
    const timings = timingsFromEngine({ text: 'Hand written words here.', segments: [], words: spoken(['zzz', 'yyy'], 2, 1) })!;
    const words = timings.sentences[0]!.words!;
    expect(words.map((w) => w.text)).toEqual(['Hand', 'written', 'words', 'here.']);
    expect(words[0]!.start).toBe(2);
    expect(words.at(-1)!.end).toBe(4);
  });
});

describe('timings from the engine\'s segments', () => {
  it('gives a segment\'s sentences its span by their length, with no word times', () => {
    const text = 'I grew up on a farm. It was near Tampere. We had cows.';
    const timings = timingsFromEngine({
      text,
      segments: [{ start: 1, end: 5, text: 'I grew up on a farm. It was near Tampere.' }, { start: 6, end: 8, text: 'We had cows.' }],
    }, 'en')!;
    expect(timings.source).toBe('segments');
    expect(sameWords(timings, text)).toBe(true);
    expect(timings.sentences.every((s) => s.words === undefined)).toBe(true);
    const [farm, tampere, cows] = timings.sentences;
    // 15 of the first segment's 32 characters (spaces aside) are the first sentence's.
    expect(farm).toMatchObject({ start: 1, end: 1 + (4 * 15) / 32 });
    expect(tampere!.start).toBeCloseTo(farm!.end, 3);
    expect(tampere!.end).toBe(5);
    expect(cows).toMatchObject({ start: 6, end: 8 });
  });

  it('lets a sentence run over two segments', () => {
    const timings = timingsFromEngine({
      text: 'Ask not what your country can do for you.',
      segments: [{ start: 0, end: 2, text: 'Ask not what your' }, { start: 2.5, end: 4, text: 'country can do for you.' }],
    })!;
    expect(timings.sentences).toEqual([{ text: 'Ask not what your country can do for you.', start: 0, end: 4 }]);
  });
});

describe('no times', () => {
  it('is null when the engine gave neither words nor segments, or there is no text', () => {
    expect(timingsFromEngine({ text: 'Hello there.', segments: [] })).toBeNull();
    expect(timingsFromEngine({ text: 'Hello there.', segments: [], words: [] })).toBeNull();
    expect(timingsFromEngine({ text: '  ', segments: [{ start: 0, end: 1, text: 'x' }] })).toBeNull();
  });
});

describe('a text\'s sentences with their words', () => {
  it('keeps a word whole where the sentence rule cuts inside it, so the words stay the text\'s', () => {
    const text = '  Se oli ok.Sitten lähdimme.\n\nKotiin!  ';
    const sentences = sentencesWithWords(text, 'fi');
    expect(sentences.flatMap((s) => s.words)).toEqual(text.split(/\s+/).filter(Boolean));
    expect(sentences.at(-1)).toEqual({ text: 'Kotiin!', words: ['Kotiin!'] });
  });

  it('is the sentence rule\'s sentences for ordinary text', () => {
    const text = 'Kesällä uimme. Talvella hiihdimme! Muistatko?';
    expect(sentencesWithWords(text, 'fi').map((s) => s.text)).toEqual(sentencesOf(text, 'fi'));
  });
});
