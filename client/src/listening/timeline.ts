import { type TranscriptTimings, wordsIn } from '../../../contract/voice.ts';

/*
 * The listening editor's view of a transcript's timings: every word with a time to play it
 * from, the sentence and word the audio is at, and a word corrected in the text.
 */

export interface TimelineWord {
  /** Its place among all the transcript's words (from 0): the word a correction replaces. */
  index: number;
  text: string;
  start: number;
  end: number;
}

export interface TimelineSentence {
  text: string;
  start: number;
  end: number;
  words: TimelineWord[];
  /** The engine timed each word; otherwise the words' times are guesses by position. */
  wordsTimed: boolean;
}

/**
 * The sentences with a time for every word: the engine's when it timed the sentence's words,
 * else a time inside the sentence by the word's place in it (by letters), so a tap on any
 * word plays from near it.
 */
export function timelineOf(timings: TranscriptTimings): TimelineSentence[] {
  let index = 0;
  return timings.sentences.map((sentence) => {
    const texts = wordsIn(sentence.text);
    const timed = sentence.words?.length === texts.length;
    const times = timed ? sentence.words! : byPosition(texts, sentence.start, sentence.end);
    const words = texts.map((text, i) => ({ index: index + i, text, start: times[i].start, end: times[i].end }));
    index += texts.length;
    return { text: sentence.text, start: sentence.start, end: sentence.end, words, wordsTimed: timed };
  });
}

/** Each word a share of the span by its length (a space counted with each). */
function byPosition(words: string[], start: number, end: number): { start: number; end: number }[] {
  const total = words.reduce((sum, word) => sum + word.length + 1, 0);
  const span = Math.max(end - start, 0);
  let at = 0;
  return words.map((word) => {
    const from = start + (span * at) / total;
    at += word.length + 1;
    return { start: from, end: start + (span * at) / total };
  });
}

/** Whether the timings are the text's: their words, in order, are the transcript's (else they are stale). */
export function timingsFitText(timings: TranscriptTimings, text: string | null): boolean {
  const timed = timings.sentences.flatMap((sentence) => wordsIn(sentence.text));
  const words = wordsIn(text ?? '');
  return words.length > 0 && timed.length === words.length && timed.every((word, i) => word === words[i]);
}

/** The sentence being said at `time`: the last one started by then (a pause keeps the one before); -1 before the first. */
export function sentenceAt(timeline: TimelineSentence[], time: number): number {
  return lastStartedBy(timeline, time);
}

/** The word of a sentence being said at `time`, while it is said; -1 between words or outside the sentence. */
export function wordAt(sentence: TimelineSentence, time: number): number {
  const i = lastStartedBy(sentence.words, time);
  return i >= 0 && time < sentence.words[i].end ? sentence.words[i].index : -1;
}

function lastStartedBy(spans: { start: number }[], time: number): number {
  let found = -1;
  for (let i = 0; i < spans.length && spans[i].start <= time; i++) found = i;
  return found;
}

/** Where the next sentence after `time` starts, or null after the last one. */
export function nextSentenceStart(timeline: TimelineSentence[], time: number): number | null {
  // A hair past the current start: pressing "next" at a sentence's start goes on to the following one.
  const next = timeline.find((sentence) => sentence.start > time + 0.05);
  return next ? next.start : null;
}

/**
 * The text with its word number `index` (counted as `wordsIn` counts) replaced by `replacement`,
 * every other character (line breaks, spacing) as it was; an empty replacement removes the
 * word and the space before it (after it, for the first word).
 */
export function replaceWord(text: string, index: number, replacement: string): string {
  const parts = text.split(/(\s+)/);
  let seen = -1;
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === '' || /^\s+$/.test(parts[i])) continue;
    if (++seen !== index) continue;
    const word = replacement.trim();
    if (word) parts[i] = word;
    else {
      parts[i] = '';
      const space = i > 0 ? i - 1 : i + 1;
      if (space < parts.length) parts[space] = '';
    }
    return parts.join('');
  }
  return text;
}

/**
 * The line breaks the text has before its words (word number -> how many), so the listening
 * view keeps the person's paragraphs: the timings know sentences, not lines.
 */
export function lineBreaksBefore(text: string): Map<number, number> {
  const breaks = new Map<number, number>();
  let index = 0;
  for (const part of text.trimStart().split(/(\s+)/)) {
    if (part === '') continue;
    if (/^\s+$/.test(part)) {
      const lines = part.split('\n').length - 1;
      if (lines > 0) breaks.set(index, Math.min(lines, 2));
    } else index++;
  }
  return breaks;
}
