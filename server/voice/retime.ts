import type { TimedSentence, TranscriptTimings } from '../../contract/voice.ts';
import { diffWithin, gapFor, placeWords, spoken, spread, type PlacedWord, type Span } from './retime-words.ts';
import { sentencesOf, wordsIn } from './sentences.ts';

/*
 * A hand correction keeps the voice: the corrected text's sentences are cut again and each is
 * timed from the old sentences it came from. Sentences are matched first (jsdiff on sentences),
 * so a sentence rewritten in place keeps its own span; inside a changed stretch the words are
 * matched (server/voice/retime-words.ts).
 */

/**
 * The timings of a transcript corrected by hand: an unchanged word keeps its time, an edited
 * word takes the place of the one it replaced, a sentence rewritten keeps its span.
 */
export function retime(before: TranscriptTimings, text: string, language?: string): TranscriptTimings {
  const newSentences = sentencesOf(text, language);
  if (before.source === 'none' || before.sentences.length === 0 || newSentences.length === 0) {
    // Nothing to carry (no times were ever made) or nothing left to time: no made-up times.
    return { source: 'none', sentences: [] };
  }
  const withWords = before.sentences.every(hasWordTimes);
  const old = before.sentences.map((sentence) => ({ span: spanOf(sentence), words: placedWordsOf(sentence) }));
  const whole = { start: 0, end: old.reduce((latest, sentence) => Math.max(latest, sentence.span.end), 0) };

  const changes = diffWithin(before.sentences.map((sentence) => sentenceKey(sentence.text)), newSentences.map(sentenceKey));
  const timed: TimedSentence[] = [];
  let oldAt = 0;
  let newAt = 0;
  let removed: OldSentence[] = [];
  let added: string[] = [];
  const settle = () => {
    if (added.length) timed.push(...timeStretch(removed, added, old[oldAt - removed.length - 1] ?? null, old[oldAt] ?? null, whole, withWords));
    removed = [];
    added = [];
  };
  for (const change of changes) {
    if (change.removed) {
      removed.push(...old.slice(oldAt, oldAt + change.count));
      oldAt += change.count;
    } else if (change.added) {
      added.push(...newSentences.slice(newAt, newAt + change.count));
      newAt += change.count;
    } else {
      settle();
      for (let i = 0; i < change.count; i++) {
        const sentence = newSentences[newAt + i];
        timed.push(timedSentence(sentence, placeWords(old[oldAt + i].words, wordsIn(sentence), old[oldAt + i].span), withWords));
      }
      oldAt += change.count;
      newAt += change.count;
    }
  }
  settle();
  return { source: before.source, sentences: timed };
}

interface OldSentence {
  span: Span;
  words: PlacedWord[];
}

/**
 * New sentences in place of a stretch of old ones: one for one, each takes its old sentence's
 * span; otherwise their words share the stretch's; with none replaced, the gap where they stand.
 */
function timeStretch(removed: OldSentence[], added: string[], before: OldSentence | null, after: OldSentence | null, whole: Span, withWords: boolean): TimedSentence[] {
  if (removed.length === added.length) {
    return added.map((sentence, i) => timedSentence(sentence, placeWords(removed[i].words, wordsIn(sentence), removed[i].span), withWords));
  }
  const words = added.map(wordsIn);
  const span = removed.length
    ? { start: removed[0].span.start, end: removed[removed.length - 1].span.end }
    : gapFor(before?.span ?? null, after?.span ?? null, words.flat().length, whole);
  const placed = placeWords(removed.flatMap((sentence) => sentence.words), words.flat(), span);
  let at = 0;
  return added.map((sentence, i) => {
    const own = placed.slice(at, (at += words[i].length));
    return timedSentence(sentence, own, withWords);
  });
}

/** A new sentence timed from its placed words: from its first word's start to its last word's end. */
function timedSentence(text: string, words: PlacedWord[], withWords: boolean): TimedSentence {
  // Reduced, not spread into Math.min: a sentence may have tens of thousands of words.
  const start = words.reduce((earliest, word) => Math.min(earliest, word.start), Infinity);
  const end = words.reduce((latest, word) => Math.max(latest, word.end), -Infinity);
  const sentence: TimedSentence = { text, start, end };
  if (withWords) sentence.words = words.map(({ text: word, start: wordStart, end: wordEnd }) => ({ text: word, start: wordStart, end: wordEnd }));
  return sentence;
}

/** A sentence as said: its words' spoken forms, so re-spacing or a changed comma still matches. */
function sentenceKey(sentence: string): string {
  return wordsIn(sentence).map(spoken).join(' ');
}

function spanOf(sentence: TimedSentence): Span {
  return { start: sentence.start, end: Math.max(sentence.start, sentence.end) };
}

/** Whether the engine timed each of the sentence's words (and they are its words). */
function hasWordTimes(sentence: TimedSentence): boolean {
  return sentence.words !== undefined && sentence.words.length === wordsIn(sentence.text).length;
}

/** A sentence's words with times: the engine's, else shares of the sentence's span by length. */
function placedWordsOf(sentence: TimedSentence): PlacedWord[] {
  const words = wordsIn(sentence.text);
  const times = hasWordTimes(sentence) ? sentence.words! : spread(words, spanOf(sentence));
  return words.map((text, i) => ({ text, start: times[i].start, end: times[i].end }));
}
