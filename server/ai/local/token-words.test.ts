import type { TranscribeResult } from '@fugood/whisper.node';
import { describe, expect, it } from 'vitest';
import { wordsFromTokens } from './token-words.ts';

/** What @fugood/whisper.node gives with `tokenTimestamps: true, maxLen: 1`: a segment per token, times in ms. */
const result: TranscribeResult = {
  language: 'en',
  isAborted: false,
  result: ' And so my fellow Americans, ask not.',
  segments: [
    { text: ' And', t0: 320, t1: 600 },
    { text: ' so', t0: 600, t1: 900 },
    { text: ' my', t0: 1100, t1: 1300 },
    { text: ' fellow', t0: 1300, t1: 1700 },
    { text: ' Ameri', t0: 1700, t1: 2000 },
    { text: 'cans', t0: 2000, t1: 2270 },
    { text: ',', t0: 2270, t1: 2270 },
    { text: '', t0: 2270, t1: 3270 }, // a timestamp token: no text
    { text: ' ask', t0: 3270, t1: 3600 },
    { text: ' not', t0: 3600, t1: 3900 },
    { text: '.', t0: 3900, t1: 4000 },
  ],
};

describe('whisper.cpp tokens to words', () => {
  it('starts a word at each token with a space, joins the rest to it, in seconds', () => {
    expect(wordsFromTokens(result.segments)).toEqual([
      { text: 'And', start: 0.32, end: 0.6 },
      { text: 'so', start: 0.6, end: 0.9 },
      { text: 'my', start: 1.1, end: 1.3 },
      { text: 'fellow', start: 1.3, end: 1.7 },
      { text: 'Americans,', start: 1.7, end: 2.27 },
      { text: 'ask', start: 3.27, end: 3.6 },
      { text: 'not.', start: 3.6, end: 4 },
    ]);
  });

  it('offsets by the piece\'s start, and the joined words are the result\'s', () => {
    const words = wordsFromTokens(result.segments, 600);
    expect(words[0]).toEqual({ text: 'And', start: 600.32, end: 600.6 });
    expect(words.map((w) => w.text).join(' ')).toBe(result.result.trim());
  });

  it('cuts a token with a space inside, and keeps a Finnish word whole across its tokens', () => {
    const words = wordsFromTokens([
      { text: ' Kä', t0: 0, t1: 200 },
      { text: 'vimme', t0: 200, t1: 500 },
      { text: ' Tam pereella', t0: 600, t1: 1200 },
      { text: ' ', t0: 1200, t1: 1200 },
      { text: 'kesällä', t0: 1300, t1: 1800 },
    ]);
    expect(words).toEqual([
      { text: 'Kävimme', start: 0, end: 0.5 },
      { text: 'Tam', start: 0.6, end: 1.2 },
      { text: 'pereella', start: 0.6, end: 1.2 },
      { text: 'kesällä', start: 1.3, end: 1.8 },
    ]);
  });

  it('has nothing for an empty result (the test model hears nothing)', () => {
    expect(wordsFromTokens([])).toEqual([]);
  });
});
