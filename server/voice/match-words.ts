import { diffArrays, diffChars } from 'diff';
import type { TimedWord } from '../../contract/voice.ts';

export interface WordTime {
  start: number;
  end: number;
}

/** Past this many differences the engine's words are too unlike the text to pair word by word. */
const MAX_DIFFERENCES = 2000;
/** Past this many differing letters a run is placed by position alone. */
const MAX_LETTER_DIFFERENCES = 500;

/**
 * A time for each word of a text, from an engine's timed words of (nearly) the same text. The
 * engine's words may differ from the text's: punctuation (whisper-1 leaves it out), case, a
 * letter whisper.cpp's tokens broke, a word split or joined. They are paired in order
 * (jsdiff on their letters); in a run of text words the engine heard differently, each word
 * takes the times of its letters in the engine's run in its place ("Sisa" "reni" for
 * "Sisareni"); a text word the engine has nothing for takes a share of the pause around it.
 * Times never go back.
 */
export function timeWords(text: string[], engine: TimedWord[]): WordTime[] {
  if (text.length === 0) return [];
  if (engine.length === 0) return text.map(() => ({ start: 0, end: 0 }));
  const ordered = inOrder(engine);
  const times: (WordTime | undefined)[] = new Array(text.length);

  const changes = diffArrays(ordered.map((word) => letters(word.text)), text.map((word) => letters(word)), { maxEditLength: MAX_DIFFERENCES });
  if (!changes) {
    placeByPosition(text, 0, text.length, ordered, times);
    return fillGaps(text, times);
  }
  let e = 0; // the engine's word at hand
  let t = 0; // the text's word at hand
  let heard = 0; // start of the engine's run not yet paired
  let written = 0; // start of the text's run not yet paired
  const closeRun = () => {
    if (t > written && e > heard) placeByLetters(text, written, t, ordered.slice(heard, e), times);
    heard = e;
    written = t;
  };
  for (const change of changes) {
    if (change.removed) e += change.count;
    else if (change.added) t += change.count;
    else {
      closeRun();
      for (let i = 0; i < change.count; i++) times[t + i] = { start: ordered[e + i]!.start, end: ordered[e + i]!.end };
      e += change.count;
      t += change.count;
      heard = e;
      written = t;
    }
  }
  closeRun();
  return fillGaps(text, times);
}

/** What two spellings of a word share: its letters and digits, in lower case. */
function letters(word: string): string {
  return word.normalize('NFKC').toLocaleLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** The engine's words with starts that never go back and ends never before their starts. */
function inOrder(words: TimedWord[]): TimedWord[] {
  let floor = 0;
  return words.map((word) => {
    const start = Math.max(floor, word.start);
    floor = start;
    return { text: word.text, start, end: Math.max(start, word.end) };
  });
}

/**
 * Text words [from, to) placed on the engine's run by their letters: each letter the two share
 * (jsdiff on the letters) gives its word the time the engine said it at. A word sharing none
 * is left for the pauses (fillGaps); runs with no letter in common, or too unlike, are placed
 * by position.
 */
function placeByLetters(text: string[], from: number, to: number, run: TimedWord[], times: (WordTime | undefined)[]): void {
  const heard = run.flatMap((word) => {
    const chars = [...letters(word.text)];
    const each = (word.end - word.start) / Math.max(1, chars.length);
    return chars.map((_, k) => ({ start: word.start + k * each, end: word.start + (k + 1) * each }));
  });
  const owners = text.slice(from, to).flatMap((word, i) => [...letters(word)].map(() => from + i));
  const changes = diffChars([...run.map((word) => letters(word.text))].join(''), text.slice(from, to).map(letters).join(''), {
    maxEditLength: MAX_LETTER_DIFFERENCES,
  });
  // Nothing in common at all: the run's words are all there is to go by.
  if (!changes || changes.every((change) => change.added || change.removed)) return placeByPosition(text, from, to, run, times);
  let h = 0;
  let w = 0;
  for (const change of changes) {
    // Counted in code points, as the letters were spread above.
    const count = [...change.value].length;
    if (change.removed) h += count;
    else if (change.added) w += count;
    else {
      for (let k = 0; k < count; k++) {
        const owner = owners[w + k]!;
        const time = heard[h + k]!;
        const so = times[owner];
        times[owner] = so ? { start: so.start, end: Math.max(so.end, time.end) } : { ...time };
      }
      h += count;
      w += count;
    }
  }
}

/**
 * Text words [from, to) placed on the engine's run by position: a word's start is where its
 * first letter falls in the run, counting letters, and its end where its last one does.
 */
function placeByPosition(text: string[], from: number, to: number, run: TimedWord[], times: (WordTime | undefined)[]): void {
  const runLength = run.reduce((sum, word) => sum + weight(word.text), 0);
  const textLength = text.slice(from, to).reduce((sum, word) => sum + weight(word), 0);
  const at = (fraction: number): number => {
    let target = fraction * runLength;
    for (const word of run) {
      const w = weight(word.text);
      if (target <= w) return word.start + (word.end - word.start) * (target / w);
      target -= w;
    }
    return run.at(-1)!.end;
  };
  let done = 0;
  for (let i = from; i < to; i++) {
    const start = at(done / textLength);
    done += weight(text[i]!);
    times[i] = { start, end: Math.max(start, at(done / textLength)) };
  }
}

/** Text words the engine had nothing for share the pause between their neighbours' times. */
function fillGaps(text: string[], times: (WordTime | undefined)[]): WordTime[] {
  let i = 0;
  while (i < text.length) {
    if (times[i]) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < text.length && !times[j]) j += 1;
    const before = i > 0 ? times[i - 1]!.end : (times[j]?.start ?? 0);
    const after = j < text.length ? times[j]!.start : before;
    const from = Math.min(before, after);
    const length = text.slice(i, j).reduce((sum, word) => sum + weight(word), 0);
    let done = 0;
    for (let k = i; k < j; k++) {
      const start = from + ((after - from) * done) / length;
      done += weight(text[k]!);
      times[k] = { start, end: from + ((after - from) * done) / length };
    }
    i = j;
  }
  return monotonic(times as WordTime[]);
}

/** A word's share of a span: its letters, at least one (a dash still takes a moment). */
function weight(word: string): number {
  return Math.max(1, letters(word).length);
}

/** Starts that never go back, ends never before their starts, to the millisecond. */
function monotonic(times: WordTime[]): WordTime[] {
  let floor = 0;
  const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;
  return times.map(({ start, end }) => {
    const s = Math.max(floor, ms(start));
    floor = s;
    return { start: s, end: Math.max(s, ms(end)) };
  });
}
