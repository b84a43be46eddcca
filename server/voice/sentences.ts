import { type TranscriptTimings, wordsIn } from '../../contract/voice.ts';

/*
 * A transcript's text cut into sentences and words, one rule for every engine, the aligner and
 * hand corrections.
 */

const segmenters = new Map<string, Intl.Segmenter>();
function sentenceSegmenter(language: string | undefined): Intl.Segmenter {
  const key = language && Intl.Segmenter.supportedLocalesOf(language).length ? language : 'en';
  let segmenter = segmenters.get(key);
  if (!segmenter) segmenters.set(key, (segmenter = new Intl.Segmenter(key, { granularity: 'sentence' })));
  return segmenter;
}

/** A text's sentences (Intl.Segmenter in its language), each trimmed, the empty ones left out. */
export function sentencesOf(text: string, language?: string): string[] {
  return [...inWindows(sentenceSegmenter(language), text)].map((sentence) => sentence.trim()).filter(Boolean);
}

/*
 * Each step of Intl.Segmenter's iterator costs in proportion to the whole text (Node 20: a
 * transcript of 160,000 characters took 7 s to cut), so a long text is cut a window at a time.
 * A window's last two sentences are left for the next window, which starts where they do: the
 * segmenter looks ahead past a full stop for what follows, and that must not be cut short.
 */
const WINDOW = 2000;
function* inWindows(segmenter: Intl.Segmenter, text: string): Generator<string> {
  let at = 0;
  let size = WINDOW;
  while (at < text.length) {
    const parts = [...segmenter.segment(text.slice(at, at + size))].map((part) => part.segment);
    if (at + size >= text.length) return yield* parts;
    if (parts.length < 3) {
      size *= 2; // a sentence longer than the window: look further
      continue;
    }
    const settled = parts.slice(0, -2);
    yield* settled;
    at += settled.reduce((length, sentence) => length + sentence.length, 0);
    size = WINDOW;
  }
}

// The word rule lives in the contract: the listening editor corrects words by the same count.
export { wordsIn };

/** Whether timings cover exactly the words of a transcript, in order (whitespace aside). */
export function sameWords(timings: TranscriptTimings, text: string): boolean {
  const timed = timings.sentences.flatMap((sentence) => wordsIn(sentence.text));
  const words = wordsIn(text);
  return timed.length === words.length && timed.every((word, i) => word === words[i]);
}
