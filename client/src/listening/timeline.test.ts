import { describe, expect, it } from 'vitest';
import type { TranscriptTimings } from '../../../contract/voice.ts';
import { lineBreaksBefore, nextSentenceStart, replaceWord, sentenceAt, timelineOf, timingsFitText, wordAt } from './timeline.ts';

const wordTimed: TranscriptTimings = {
  source: 'words',
  sentences: [
    {
      text: 'We rowed across.',
      start: 0.5,
      end: 2,
      words: [
        { text: 'We', start: 0.5, end: 0.8 },
        { text: 'rowed', start: 0.9, end: 1.3 },
        { text: 'across.', start: 1.4, end: 2 },
      ],
    },
    { text: 'Every morning.', start: 3, end: 4, words: [{ text: 'Every', start: 3, end: 3.4 }, { text: 'morning.', start: 3.5, end: 4 }] },
  ],
};

const aligned: TranscriptTimings = {
  source: 'aligned',
  sentences: [
    { text: 'Kesä oli kuuma.', start: 0, end: 3 },
    { text: 'Uimme järvessä.', start: 4, end: 6 },
  ],
};

describe('timelineOf', () => {
  it('keeps the engine’s word times and numbers the words across sentences', () => {
    const timeline = timelineOf(wordTimed);
    expect(timeline[0].wordsTimed).toBe(true);
    expect(timeline[1].words).toEqual([
      { index: 3, text: 'Every', start: 3, end: 3.4 },
      { index: 4, text: 'morning.', start: 3.5, end: 4 },
    ]);
  });

  it('places words without times inside their sentence by position (Finnish)', () => {
    const [first, second] = timelineOf(aligned);
    expect(first.wordsTimed).toBe(false);
    expect(first.words.map((word) => word.text)).toEqual(['Kesä', 'oli', 'kuuma.']);
    // "Kesä " is 5 of 16 letters-with-spaces: the second word starts 5/16 into the 3 s sentence.
    expect(first.words[0].start).toBe(0);
    expect(first.words[1].start).toBeCloseTo((3 * 5) / 16);
    expect(first.words[2].end).toBeCloseTo(3);
    expect(second.words[0]).toMatchObject({ index: 3, text: 'Uimme', start: 4 });
  });

  it('guesses by position when the engine’s words do not match the sentence’s', () => {
    const odd: TranscriptTimings = { source: 'words', sentences: [{ text: 'One two.', start: 0, end: 1, words: [{ text: 'One', start: 0, end: 1 }] }] };
    const [sentence] = timelineOf(odd);
    expect(sentence.wordsTimed).toBe(false);
    expect(sentence.words[1].start).toBeCloseTo(4 / 9); // "One " is 4 of 9
  });
});

describe('where the audio is', () => {
  const timeline = timelineOf(wordTimed);

  it('finds the sentence being said, keeping the last one through a pause', () => {
    expect(sentenceAt(timeline, 0.2)).toBe(-1);
    expect(sentenceAt(timeline, 0.5)).toBe(0);
    expect(sentenceAt(timeline, 2.5)).toBe(0);
    expect(sentenceAt(timeline, 3)).toBe(1);
    expect(sentenceAt(timeline, 99)).toBe(1);
  });

  it('finds the word being said, none between words', () => {
    expect(wordAt(timeline[0], 1)).toBe(1);
    expect(wordAt(timeline[0], 1.35)).toBe(-1);
    expect(wordAt(timeline[1], 3.6)).toBe(4);
    expect(wordAt(timeline[0], 0.1)).toBe(-1);
  });

  it('finds the next sentence’s start, going on from a sentence’s own start', () => {
    expect(nextSentenceStart(timeline, 0)).toBe(0.5);
    expect(nextSentenceStart(timeline, 1)).toBe(3);
    expect(nextSentenceStart(timeline, 0.5)).toBe(3);
    expect(nextSentenceStart(timeline, 3.2)).toBeNull();
  });
});

describe('timingsFitText', () => {
  it('holds when the words are the text’s, whatever the spacing', () => {
    expect(timingsFitText(wordTimed, 'We rowed across.\n\nEvery  morning.')).toBe(true);
  });

  it('fails for a text changed since it was timed, and for no text', () => {
    expect(timingsFitText(wordTimed, 'We rowed over. Every morning.')).toBe(false);
    expect(timingsFitText(wordTimed, null)).toBe(false);
    expect(timingsFitText({ source: 'none', sentences: [] }, '')).toBe(false);
  });
});

describe('replaceWord', () => {
  it('replaces the word by its number, keeping line breaks and spacing', () => {
    expect(replaceWord('We rowed across.\n\nEvery morning.', 3, 'Each')).toBe('We rowed across.\n\nEach morning.');
    expect(replaceWord('  Kesä oli kuuma.', 0, 'Talvi')).toBe('  Talvi oli kuuma.');
  });

  it('takes several words for one, trimmed', () => {
    expect(replaceWord('I was gonna go.', 2, ' going to ')).toBe('I was going to go.');
  });

  it('removes a word cleared, with the space before it (after it for the first)', () => {
    expect(replaceWord('We rowed across.', 1, '')).toBe('We across.');
    expect(replaceWord('We rowed across.', 0, ' ')).toBe('rowed across.');
  });

  it('leaves the text as it was for a word it does not have', () => {
    expect(replaceWord('We rowed.', 5, 'x')).toBe('We rowed.');
  });
});

describe('lineBreaksBefore', () => {
  it('finds the line and paragraph breaks before words, a blank line or more as two', () => {
    expect([...lineBreaksBefore('We rowed.\nEvery morning.\n\n\n Kesä oli.')]).toEqual([
      [2, 1],
      [4, 2],
    ]);
  });

  it('finds none in a text on one line, nor for leading space', () => {
    expect(lineBreaksBefore('\n  We rowed across.').size).toBe(0);
  });
});
