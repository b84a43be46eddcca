import { describe, expect, it } from 'vitest';
import type { TimedSentence, TranscriptTimings } from '../../contract/voice.ts';
import { retime } from './retime.ts';
import { sameWords } from './sentences.ts';

/** A sentence whose words are timed one after another from `start`, each `step` seconds long. */
function wordTimed(text: string, start: number, step = 0.5): TimedSentence {
  const words = text.split(' ').map((word, i) => ({ text: word, start: start + i * step, end: start + (i + 1) * step }));
  return { text, start, end: words[words.length - 1].end, words };
}

// Three sentences with every word timed: 0-2 s, 3-5 s, 6-8 s (pauses of a second between).
const engineWords: TranscriptTimings = {
  source: 'words',
  sentences: [wordTimed('My mother baked bread.', 0), wordTimed('We lived in Tampere.', 3), wordTimed('The winters were long.', 6)],
};
const engineText = 'My mother baked bread. We lived in Tampere. The winters were long.';

// The same told to an engine that gave no word times: sentence spans only.
const aligned: TranscriptTimings = {
  source: 'aligned',
  sentences: engineWords.sentences.map(({ text, start, end }) => ({ text, start, end })),
};

function wordOf(timings: TranscriptTimings, text: string) {
  const found = timings.sentences.flatMap((sentence) => sentence.words ?? []).filter((word) => word.text === text);
  expect(found, `the word "${text}"`).toHaveLength(1);
  return found[0];
}

function sentenceOf(timings: TranscriptTimings, startOfText: string) {
  const found = timings.sentences.find((sentence) => sentence.text.startsWith(startOfText));
  expect(found, `a sentence starting "${startOfText}"`).toBeDefined();
  return found!;
}

describe('retime: a hand correction keeps the voice', () => {
  it('gives back the same timings for the same text', () => {
    expect(retime(engineWords, engineText, 'en')).toEqual(engineWords);
    expect(retime(aligned, engineText, 'en')).toEqual(aligned);
  });

  it('keeps every time when only spacing, case or punctuation changed', () => {
    const text = 'My mother baked bread!  We lived in Tampere, the winters were long.';
    const timings = retime(engineWords, text, 'en');
    expect(sameWords(timings, text)).toBe(true);
    expect(timings.sentences.flatMap((s) => s.words!.map((w) => [w.start, w.end]))).toEqual(
      engineWords.sentences.flatMap((s) => s.words!.map((w) => [w.start, w.end])),
    );
  });

  it('gives a corrected word the place of the word it replaced, and keeps the others', () => {
    const text = 'My mother baked bread. We lived in Tammela. The winters were long.';
    const timings = retime(engineWords, text, 'en');
    expect(sameWords(timings, text)).toBe(true);
    expect(wordOf(timings, 'Tammela.')).toEqual({ text: 'Tammela.', start: 4.5, end: 5 });
    expect(wordOf(timings, 'lived')).toEqual({ text: 'lived', start: 3.5, end: 4 });
    expect(sentenceOf(timings, 'We lived')).toMatchObject({ start: 3, end: 5 });
    expect(timings.source).toBe('words');
  });

  it('shares a replaced word’s span between the words that replace it, by length', () => {
    const timings = retime(engineWords, 'My mother baked rye bread. We lived in Tampere. The winters were long.', 'en');
    // "rye" is inserted between "baked" (1-1.5) and "bread." (1.5-2): no pause, so it takes their nearer halves.
    const rye = wordOf(timings, 'rye');
    expect(rye.start).toBeGreaterThanOrEqual(1.25);
    expect(rye.end).toBeLessThanOrEqual(1.75);
    expect(wordOf(timings, 'bread.')).toEqual({ text: 'bread.', start: 1.5, end: 2 });

    const split = retime(engineWords, 'My mother baked bread. We lived in Tampere. The winters were longest ever.', 'en');
    const longest = wordOf(split, 'longest');
    const ever = wordOf(split, 'ever.');
    expect(longest).toMatchObject({ start: 7.5 });
    expect(ever).toMatchObject({ end: 8 });
    expect(longest.end).toBe(ever.start);
    expect(longest.end - longest.start).toBeGreaterThan(ever.end - ever.start); // seven letters against four
  });

  it('keeps the span of a sentence rewritten entirely', () => {
    const text = 'My mother baked bread. Our home stood by the lake at Pyhäjärvi. The winters were long.';
    const timings = retime(engineWords, text, 'en');
    expect(sameWords(timings, text)).toBe(true);
    expect(sentenceOf(timings, 'Our home')).toMatchObject({ start: 3, end: 5 });
    expect(sentenceOf(timings, 'The winters')).toEqual(engineWords.sentences[2]);
    const rewritten = sentenceOf(timings, 'Our home').words!;
    expect(rewritten).toHaveLength(8);
    expect(rewritten.every((word, i) => i === 0 || word.start === rewritten[i - 1].end)).toBe(true);

    const withoutWords = retime(aligned, text, 'en');
    expect(sentenceOf(withoutWords, 'Our home')).toEqual({ text: 'Our home stood by the lake at Pyhäjärvi.', start: 3, end: 5 });
    expect(withoutWords.sentences.some((sentence) => sentence.words)).toBe(false);
  });

  it('drops a deleted sentence and keeps the rest where they were said', () => {
    const text = 'My mother baked bread. The winters were long.';
    for (const before of [engineWords, aligned]) {
      const timings = retime(before, text, 'en');
      expect(sameWords(timings, text)).toBe(true);
      expect(timings.sentences).toEqual([before.sentences[0], before.sentences[2]]);
    }
  });

  it('places an added sentence in the pause where it was put', () => {
    const text = 'My mother baked bread. Every Saturday. We lived in Tampere. The winters were long.';
    const timings = retime(engineWords, text, 'en');
    expect(sameWords(timings, text)).toBe(true);
    expect(sentenceOf(timings, 'Every Saturday')).toMatchObject({ start: 2, end: 3 });
    expect(timings.sentences.filter((sentence) => sentence !== sentenceOf(timings, 'Every Saturday'))).toEqual(engineWords.sentences);
  });

  it('gives a sentence added at the end a share of the last one when nothing was said after it', () => {
    const text = `${engineText} That is all.`;
    const timings = retime(aligned, text, 'en');
    const added = sentenceOf(timings, 'That is all');
    expect(added.start).toBeGreaterThanOrEqual(7);
    expect(added.end).toBe(8);
  });

  it('times a sentence split in two, or two joined, from the words they keep', () => {
    const split = retime(engineWords, 'My mother baked. Bread. We lived in Tampere. The winters were long.', 'en');
    expect(sentenceOf(split, 'My mother baked.')).toMatchObject({ start: 0, end: 1.5 });
    expect(sentenceOf(split, 'Bread.')).toMatchObject({ start: 1.5, end: 2 });

    const joined = retime(engineWords, 'My mother baked bread, we lived in Tampere. The winters were long.', 'en');
    expect(joined.sentences).toHaveLength(2);
    expect(joined.sentences[0]).toMatchObject({ start: 0, end: 5 });
    expect(wordOf(joined, 'Tampere.')).toEqual({ text: 'Tampere.', start: 4.5, end: 5 });
  });

  it('works on Finnish, its sentences cut in Finnish', () => {
    const before: TranscriptTimings = {
      source: 'words',
      sentences: [wordTimed('Äiti leipoi ruisleipää.', 0), wordTimed('Asuimme Tampereella.', 2), wordTimed('Talvet olivat pitkiä.', 4)],
    };
    const text = 'Äiti leipoi ruisleipää lauantaisin. Asuimme Tammelassa. Talvet olivat pitkiä ja kylmiä.';
    const timings = retime(before, text, 'fi');
    expect(sameWords(timings, text)).toBe(true);
    expect(wordOf(timings, 'Tammelassa.')).toEqual({ text: 'Tammelassa.', start: 2.5, end: 3 });
    expect(wordOf(timings, 'Äiti')).toEqual({ text: 'Äiti', start: 0, end: 0.5 });
    expect(sentenceOf(timings, 'Talvet')).toMatchObject({ start: 4 });
    expect(timings.sentences.map((sentence) => sentence.text)).toEqual([
      'Äiti leipoi ruisleipää lauantaisin.',
      'Asuimme Tammelassa.',
      'Talvet olivat pitkiä ja kylmiä.',
    ]);
  });

  it('makes up no times: an emptied text, or timings that never had any', () => {
    expect(retime(engineWords, '', 'en')).toEqual({ source: 'none', sentences: [] });
    expect(retime(engineWords, '  \n ', 'en')).toEqual({ source: 'none', sentences: [] });
    expect(retime({ source: 'none', sentences: [] }, 'Something new.', 'en')).toEqual({ source: 'none', sentences: [] });
  });

  it('keeps times in order and inside the recording, whatever the edit', () => {
    const edits = [
      'Bread.',
      'Completely different words here, nothing alike at all! Another one?',
      'long were winters The. Tampere in lived We. bread baked mother My.',
      `Before it all. ${engineText}`,
    ];
    for (const text of edits) {
      const timings = retime(engineWords, text, 'en');
      expect(sameWords(timings, text), text).toBe(true);
      for (const sentence of timings.sentences) {
        expect(sentence.start, text).toBeGreaterThanOrEqual(0);
        expect(sentence.end, text).toBeLessThanOrEqual(8);
        expect(sentence.end, text).toBeGreaterThanOrEqual(sentence.start);
        for (const word of sentence.words!) expect(word.end, text).toBeGreaterThanOrEqual(word.start);
      }
    }
  });

  it('takes word times only from timings that had them, sentence by sentence consistent', () => {
    const mixed: TranscriptTimings = { source: 'segments', sentences: [engineWords.sentences[0], aligned.sentences[1]] };
    const timings = retime(mixed, 'My mother baked bread. We lived in Tammela.', 'en');
    expect(timings.sentences.some((sentence) => sentence.words)).toBe(false);
    expect(timings.sentences[1]).toEqual({ text: 'We lived in Tammela.', start: 3, end: 5 });
  });
});

describe('retime on the largest transcript a correction may be', () => {
  it('times 200,000 characters replaced by unrelated ones, and one long unpunctuated run', () => {
    const long: TranscriptTimings = {
      source: 'words',
      sentences: Array.from({ length: 4000 }, (_, i) => wordTimed(`Sentence number ${i} was said here.`, i * 3, 0.5)),
    };
    const unrelated = Array.from({ length: 3000 }, (_, i) => `Another thing entirely ${i * 7} happened over there then.`).join(' ');
    expect(unrelated.length).toBeLessThanOrEqual(200_000);
    const timings = retime(long, unrelated, 'en');
    expect(sameWords(timings, unrelated)).toBe(true);
    expect(timings.sentences[0].start).toBe(0);

    const run = Array.from({ length: 90_000 }, () => 'a').join(' ');
    const runTimings = retime(long, run, 'en');
    expect(sameWords(runTimings, run)).toBe(true);
    expect(runTimings.sentences).toHaveLength(1);
  }, 30_000);
});
