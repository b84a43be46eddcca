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
  return [...sentenceSegmenter(language).segment(text)].map((part) => part.segment.trim()).filter(Boolean);
}

// The word rule lives in the contract: the listening editor corrects words by the same count.
export { wordsIn };

/** Whether timings cover exactly the words of a transcript, in order (whitespace aside). */
export function sameWords(timings: TranscriptTimings, text: string): boolean {
  const timed = timings.sentences.flatMap((sentence) => wordsIn(sentence.text));
  const words = wordsIn(text);
  return timed.length === words.length && timed.every((word, i) => word === words[i]);
}
