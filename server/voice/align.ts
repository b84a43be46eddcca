import type { TimedSentence, TranscriptTimings } from '../../contract/voice.ts';
import type { SpeechSegment } from '../audio/split.ts';
import { sentencesOf } from './sentences.ts';

/*
 * A transcript with no times from its engine, placed on the speech the voice detection found
 * (decision 037). The speech is laid end to end ("speech time": the pauses taken out) and each
 * sentence is given a share of it by its letters; then the sentence starts are snapped to
 * pauses (a speech segment's start) by dynamic programming: the cheapest monotonic choice of
 * pauses, where a stretch of sentences between two chosen pauses costs how far its speech
 * time is from its letters' share, a sentence start left inside speech costs UNSNAPPED, and a
 * long pause left inside a sentence costs SKIPPED_PAUSE a second. Local costs, so an error in
 * speaking rate early in a long recording does not carry to its end as a proportional laying
 * alone would.
 */

/** The cost (seconds of speech) of a sentence start that falls inside speech, at no pause. */
const UNSNAPPED = 0.6;
/** The cost per second of pause (up to MAX_PAUSE_COST_SECONDS) of a pause inside a sentence. */
const SKIPPED_PAUSE = 0.5;
const MAX_PAUSE_COST_SECONDS = 1.5;
/** A stretch between two chosen pauses is at most this many times its share (plus SLACK_SECONDS) long. */
const MAX_STRETCH = 3;
const SLACK_SECONDS = 3;
/**
 * The search keeps, for each sentence start, only the places within BEAM (seconds of cost) of
 * the cheapest, and at most BEAM_CELLS of them: a two-hour recording stays small.
 */
const BEAM = 10;
const BEAM_CELLS = 200;

/**
 * Times for a transcript whose engine gave none: its sentences placed on the speech the voice
 * detection found (`source: 'aligned'`, no word times; `'none'` with no speech or no text).
 */
export function alignToSpeech(text: string, speech: SpeechSegment[], language?: string): TranscriptTimings {
  const sentences = sentencesOf(text, language);
  const segments = tidy(speech);
  if (sentences.length === 0 || segments.length === 0) return { source: 'none', sentences: [] };
  const starts = sentenceStarts(segments, sentences.map(letterWeight));
  const clock = speechClock(segments);
  const timed: TimedSentence[] = sentences.map((sentence, i) => {
    const start = clock.at(starts[i]!);
    const end = i + 1 < sentences.length ? clock.endBefore(starts[i + 1]!) : segments.at(-1)!.end;
    return { text: sentence, start: round(start), end: round(Math.max(start, end)) };
  });
  return { source: 'aligned', sentences: timed };
}

/** Speech in order of time, overlaps joined, empty ones left out. */
function tidy(speech: SpeechSegment[]): SpeechSegment[] {
  const merged: SpeechSegment[] = [];
  for (const segment of [...speech].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && segment.start <= last.end) last.end = Math.max(last.end, segment.end);
    else merged.push({ start: segment.start, end: segment.end });
  }
  return merged;
}

/** A digit is said as several letters ("1968": "nineteen sixty-eight", "tuhatyhdeksänsataa..."). */
const LETTERS_PER_DIGIT = 5;

/** A sentence's share of the speech: its letters, and its digits as LETTERS_PER_DIGIT each (at least one). */
function letterWeight(sentence: string): number {
  const letters = sentence.match(/\p{L}/gu)?.length ?? 0;
  const digits = sentence.match(/\p{N}/gu)?.length ?? 0;
  return Math.max(1, letters + LETTERS_PER_DIGIT * digits);
}

/** Each sentence's start in speech time (seconds of speech before it). */
function sentenceStarts(segments: SpeechSegment[], letters: number[]): number[] {
  const pauses: number[] = [0];
  const gaps: number[] = [0];
  for (let j = 1; j <= segments.length; j += 1) {
    pauses.push(pauses[j - 1]! + segments[j - 1]!.end - segments[j - 1]!.start);
    gaps.push(j < segments.length ? segments[j]!.start - segments[j - 1]!.end : 0);
  }
  const total = pauses.at(-1)!;
  const allLetters = letters.reduce((sum, l) => sum + l, 0);
  return chooseStarts(pauses, gaps, letters.map((l) => (total * l) / allLetters));
}

/**
 * Boundaries 0 and n are the speech's start and end; boundary i in between is either
 * a pause (a segment's start, `pauses[j]` in speech time; `gaps[j]` the silence before it) or,
 * left between two chosen pauses, placed there by the sentences' shares.
 */
function chooseStarts(pauses: number[], gaps: number[], shares: number[]): number[] {
  const n = shares.length;
  const m = pauses.length - 1;
  const total = pauses[m]!;
  const before = [0];
  for (const share of shares) before.push(before.at(-1)! + share);
  // skipped(j, k): the cost of the pauses strictly between j and k.
  const pauseCost = [0];
  for (let j = 1; j <= m; j += 1) pauseCost.push(pauseCost[j - 1]! + SKIPPED_PAUSE * Math.min(gaps[j]!, MAX_PAUSE_COST_SECONDS));
  const skipped = (j: number, k: number) => (k - 1 >= j + 1 ? pauseCost[k - 1]! - pauseCost[j]! : 0);
  const maxSentences = Math.max(8, Math.ceil((2 * n) / m));

  // rows[i]: pause -> the cheapest way to put boundary i there (and the boundary and pause before).
  const rows = Array.from({ length: n + 1 }, () => new Map<number, { cost: number; from: number; pause: number }>());
  rows[0]!.set(0, { cost: 0, from: -1, pause: -1 });
  for (let i = 0; i < n; i += 1) {
    for (const [j, { cost }] of kept(rows[i]!)) {
      for (let next = i + 1; next <= Math.min(n, i + maxSentences); next += 1) {
        const share = before[next]! - before[i]!;
        // The last boundary is the speech's end (pause m); the others a segment's start after j.
        for (let k = next === n ? m : j + 1; k <= (next === n ? m : m - 1); k += 1) {
          const length = pauses[k]! - pauses[j]!;
          if (length > MAX_STRETCH * share + SLACK_SECONDS) break;
          const sum = cost + Math.abs(length - share) + UNSNAPPED * (next - i - 1) + skipped(j, k);
          const known = rows[next]!.get(k);
          if (!known || sum < known.cost) rows[next]!.set(k, { cost: sum, from: i, pause: j });
        }
      }
    }
  }
  if (!rows[n]!.has(m)) return laidByShares(0, total, before, 0, n);

  const starts: number[] = new Array(n).fill(0);
  for (let i = n, k = m; i > 0; ) {
    const { from, pause } = rows[i]!.get(k)!;
    laidByShares(pauses[pause]!, pauses[k]!, before, from, i).forEach((start, s) => (starts[from + s] = start));
    i = from;
    k = pause;
  }
  return starts;
}

/** A row's cells worth going on from: within BEAM of its cheapest, at most BEAM_CELLS of them. */
function kept<T extends { cost: number }>(row: Map<number, T>): [number, T][] {
  const cells = [...row].sort((a, b) => a[1].cost - b[1].cost);
  const limit = (cells[0]?.[1].cost ?? 0) + BEAM;
  return cells.filter(([, cell]) => cell.cost <= limit).slice(0, BEAM_CELLS);
}

/** Starts of sentences first..last-1, laid by their shares over speech time from..to. */
function laidByShares(from: number, to: number, before: number[], first: number, last: number): number[] {
  const shares = before[last]! - before[first]!;
  return Array.from({ length: last - first }, (_, s) => from + ((to - from) * (before[first + s]! - before[first]!)) / shares);
}

/** Speech time to the recording's clock. */
function speechClock(segments: SpeechSegment[]) {
  const before: number[] = [];
  let sum = 0;
  for (const s of segments) {
    before.push(sum);
    sum += s.end - s.start;
  }
  const EPSILON = 1e-9;
  return {
    /** Where speech time `u` starts: at a segment's very start, that segment's start (not the previous one's end). */
    at(u: number): number {
      for (let j = segments.length - 1; j >= 0; j -= 1) {
        if (u >= before[j]! - EPSILON) return segments[j]!.start + Math.max(0, u - before[j]!);
      }
      return segments[0]!.start;
    },
    /** Where the speech before speech time `u` ends: at a segment's start, the previous segment's end. */
    endBefore(u: number): number {
      for (let j = 0; j < segments.length; j += 1) {
        if (u <= before[j]! + segments[j]!.end - segments[j]!.start + EPSILON) {
          return Math.abs(u - before[j]!) <= EPSILON && j > 0 ? segments[j - 1]!.end : segments[j]!.start + (u - before[j]!);
        }
      }
      return segments.at(-1)!.end;
    },
  };
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
