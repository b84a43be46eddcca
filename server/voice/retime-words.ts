import { type ArrayChange, diffArrays } from 'diff';

/*
 * The word half of retiming a hand correction: the words of a stretch of the old transcript,
 * each with a time (the engine's, or a share of its sentence), given to the words that replace
 * them. Pure; server/voice/retime.ts cuts the stretches.
 */

/** A time span in seconds. */
export interface Span {
  start: number;
  end: number;
}

/** A word and where it was (or is taken to have been) said. */
export interface PlacedWord extends Span {
  text: string;
}

/** Below this many seconds a word, an inserted word borrows time from its neighbours' halves. */
const SHORTEST_WORD = 0.08;

/** A word's spoken form for matching: case and the punctuation around it don't change what was said. */
export function spoken(word: string): string {
  const bare = word.toLocaleLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  return bare || word;
}

/** Weight of a word in a shared span: its letters, at least one. */
function weight(word: string): number {
  return Math.max(1, [...spoken(word)].length);
}

/** `words` laid end to end over `span`, each a share by its length (the span's own ends kept exactly). */
export function spread(words: string[], span: Span): Span[] {
  const total = words.reduce((sum, word) => sum + weight(word), 0);
  const length = Math.max(0, span.end - span.start);
  const cuts = [span.start];
  let weightSoFar = 0;
  for (const word of words.slice(0, -1)) {
    weightSoFar += weight(word);
    cuts.push(round(span.start + (length * weightSoFar) / total));
  }
  cuts.push(span.start + length);
  return words.map((_, i) => ({ start: cuts[i], end: cuts[i + 1] }));
}

/** Milliseconds are plenty for a transcript and keep the stored JSON short. */
export function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/**
 * The new words of a stretch placed on the old ones' times: a kept word keeps its time, a run
 * that replaces old words shares their span by length, an inserted run shares the gap between
 * its neighbours (or, with no gap to speak of, their nearer halves); deleted words vanish.
 * `bounds` is the stretch's span, for words inserted at its edges.
 */
export function placeWords(old: PlacedWord[], words: string[], bounds: Span): PlacedWord[] {
  const changes = diffWithin(old.map((word) => word.text), words, (a, b) => spoken(a) === spoken(b));
  const placed: PlacedWord[] = [];
  let oldAt = 0;
  let pendingRemoved: PlacedWord[] = [];
  let pendingAdded: string[] = [];

  const settle = () => {
    if (pendingAdded.length) {
      const span = pendingRemoved.length
        ? { start: pendingRemoved[0].start, end: pendingRemoved[pendingRemoved.length - 1].end }
        : gapFor(old[oldAt - 1] ?? null, old[oldAt] ?? null, pendingAdded.length, bounds);
      spread(pendingAdded, span).forEach((time, i) => placed.push({ text: pendingAdded[i], ...time }));
    }
    pendingRemoved = [];
    pendingAdded = [];
  };

  for (const change of changes) {
    if (change.removed) {
      pendingRemoved.push(...old.slice(oldAt, oldAt + change.count));
      oldAt += change.count;
    } else if (change.added) {
      pendingAdded.push(...change.value);
    } else {
      settle();
      change.value.forEach((text, i) => placed.push({ ...old[oldAt + i], text }));
      oldAt += change.count;
    }
  }
  settle();
  return placed;
}

/**
 * Matching past this many edits costs more than it tells (a transcript of 200,000 characters
 * replaced by an unrelated one): the stretch is then taken as replaced as a whole.
 */
const MOST_EDITS = 400;

/** jsdiff's changes from `old` to `now`, or with too many edits, one removal of all and one addition of all. */
export function diffWithin<T>(old: T[], now: T[], comparator?: (a: T, b: T) => boolean): ArrayChange<T>[] {
  const changes = diffArrays(old, now, { comparator, maxEditLength: MOST_EDITS });
  return (
    changes ?? [
      { value: old, count: old.length, removed: true, added: false },
      { value: now, count: now.length, removed: false, added: true },
    ]
  );
}

/** Where words inserted between two kept spans (either may be missing at an edge of `bounds`) are said. */
export function gapFor(before: Span | null, after: Span | null, count: number, bounds: Span): Span {
  const start = before ? before.end : bounds.start;
  const end = after ? after.start : bounds.end;
  if (end - start >= SHORTEST_WORD * count) return { start, end };
  // No pause to put them in: they take the nearer halves of their neighbours (overlapping them).
  const wider = {
    start: before ? (before.start + before.end) / 2 : Math.min(start, bounds.start),
    end: after ? (after.start + after.end) / 2 : Math.max(end, bounds.end),
  };
  return wider.end > wider.start ? wider : { start, end: Math.max(start, end) };
}
