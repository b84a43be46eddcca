import { diffArrays } from 'diff';
import type { ParagraphSources, TranscriptTimings, VoiceSpan } from '../../contract/voice.ts';
import { paragraphsOf } from '../ai/paragraphs.ts';
import { contentWords, shareIn, WordIndex } from './content-words.ts';

/*
 * Which stretches of a story's recordings each paragraph retells (decision 038): the
 * paragraph's words matched locally to the transcript's timed sentences, as grounding matches
 * names; no model is asked, so it works with every writer and costs nothing.
 */

/** A story's recordings as the marking reads them: their timed sentences. */
export interface TimedRecording {
  id: number;
  timings: TranscriptTimings | null;
}

/** A sentence joins a paragraph that has at least this share of its content words... */
const JOIN_SHARE = 0.5;
/** ...and at least this many of them (a shorter sentence only fills a gap: see `fillShortSentences`). */
const JOIN_WORDS = 2;
/** A long sentence retold in fewer words joins a paragraph that has this many of its words, whatever the share. */
const JOIN_WORDS_ANY_SHARE = 4;

interface SaidSentence {
  recordingId: number;
  start: number;
  end: number;
  words: string[];
}

/** For each paragraph of a written story, the recording spans its sentences come from (empty when none). */
export function markParagraphSources(content: string, recordings: TimedRecording[]): ParagraphSources {
  const texts = paragraphsOf(content);
  const paragraphs = new WordIndex(texts);
  const said = saidSentences(recordings);
  const placed = fillShortSentences(said, placeSentences(said, paragraphs), paragraphs);
  return spansOf(said, placed, texts.length);
}

/** Every timed sentence of the recordings, in the recordings' order and then as said. */
function saidSentences(recordings: TimedRecording[]): SaidSentence[] {
  return recordings.flatMap(({ id, timings }) =>
    (timings?.sentences ?? [])
      .filter((sentence) => Number.isFinite(sentence.start) && Number.isFinite(sentence.end) && sentence.end >= sentence.start)
      .map((sentence) => ({ recordingId: id, start: sentence.start, end: sentence.end, words: contentWords(sentence.text) })),
  );
}

/** The paragraph each sentence with enough content words is retold in (null: none). */
function placeSentences(said: SaidSentence[], paragraphs: WordIndex): (number | null)[] {
  let last: number | null = null;
  return said.map(({ words }) => {
    const shares = paragraphs.sharesOf(words);
    const best = bestParagraph(shares, last);
    if (best === null) return null;
    const shared = Math.round(shares[best] * words.length);
    const joins = shared >= JOIN_WORDS && (shares[best] >= JOIN_SHARE || shared >= JOIN_WORDS_ANY_SHARE);
    if (!joins) return null;
    last = best;
    return best;
  });
}

/**
 * The paragraph with the largest share; of equals, the one the story was at (the writer
 * mostly follows the telling), then the next after it, then the first.
 */
function bestParagraph(shares: number[], last: number | null): number | null {
  const top = Math.max(0, ...shares);
  if (top === 0) return null;
  const tied = shares.flatMap((share, i) => (share === top ? [i] : []));
  if (last !== null && tied.includes(last)) return last;
  return tied.find((i) => last !== null && i > last) ?? tied[0];
}

/**
 * A short sentence ("Yes.", "It was cold.") is too small to place by its words: it joins the
 * paragraph its neighbours (in the same recording) are both in, or a neighbour's paragraph
 * that has its word.
 */
function fillShortSentences(said: SaidSentence[], placed: (number | null)[], paragraphs: WordIndex): (number | null)[] {
  const neighbour = (k: number, at: number) => (said[at]?.recordingId === said[k].recordingId ? placed[at] : null);
  return placed.map((paragraph, k) => {
    if (paragraph !== null || said[k].words.length >= JOIN_WORDS) return paragraph;
    const before = neighbour(k, k - 1);
    const after = neighbour(k, k + 1);
    if (before !== null && before === after) return before;
    const having = new Set(said[k].words.flatMap((word) => paragraphs.textsHaving(word)));
    return [before, after].find((p) => p !== null && having.has(p)) ?? null;
  });
}

/** Each paragraph's sentences as spans, sentences said one after another in one recording merged into one span. */
function spansOf(said: SaidSentence[], placed: (number | null)[], paragraphCount: number): ParagraphSources {
  const sources: ParagraphSources = Array.from({ length: paragraphCount }, () => []);
  placed.forEach((paragraph, k) => {
    if (paragraph === null) return;
    const { recordingId, start, end } = said[k];
    const spans = sources[paragraph];
    const previous = spans.at(-1);
    if (previous && placed[k - 1] === paragraph && said[k - 1].recordingId === recordingId) previous.end = Math.max(previous.end, end);
    else spans.push({ recordingId, start, end });
  });
  return sources;
}

/**
 * The sources of a text edited by hand: a paragraph kept or edited in place keeps its spans; a new one has none.
 * Edited in place: one paragraph replaced by one that shares a content word with it (a word
 * fixed, a sentence reworded); paragraphs split or joined keep the spans of those they mostly
 * repeat. Null when the sources are unknown or do not fit the text they were marked on.
 */
export function carryParagraphSources(before: { content: string; sources: ParagraphSources | null }, content: string): ParagraphSources | null {
  const old = paragraphsOf(before.content);
  const { sources } = before;
  if (!sources || sources.length !== old.length) return null;
  const carried: ParagraphSources = [];
  let at = 0;
  let removed: Edited[] = [];
  let added: string[] = [];
  const flush = () => {
    carried.push(...spansOfEdited(removed, added));
    removed = [];
    added = [];
  };
  for (const change of diffArrays(old, paragraphsOf(content), { comparator: sameParagraph })) {
    if (change.removed) for (const text of change.value) removed.push({ text, spans: sources[at++] });
    else if (change.added) added.push(...change.value);
    else {
      flush();
      for (let i = 0; i < change.value.length; i++) carried.push(copied(sources[at++]));
    }
  }
  flush();
  return carried;
}

interface Edited {
  text: string;
  spans: VoiceSpan[];
}

const HALF = 0.5;

/** The spans of paragraphs written where others were. */
function spansOfEdited(removed: Edited[], added: string[]): VoiceSpan[][] {
  if (removed.length === added.length) {
    return added.map((text, i) => (editedInPlace(removed[i].text, text) ? copied(removed[i].spans) : []));
  }
  return added.map((text) => {
    const own = contentWords(text);
    const repeated = removed.filter((old) => shareIn(text, contentWords(old.text)) >= HALF || shareIn(old.text, own) >= HALF);
    return repeated.flatMap((old) => copied(old.spans));
  });
}

/** One paragraph in the place of another is the same paragraph edited unless they have no word in common. */
function editedInPlace(before: string, after: string): boolean {
  const words = contentWords(before);
  return words.length === 0 || shareIn(after, words) > 0;
}

const sameParagraph = (a: string, b: string) => a.replace(/\s+/g, ' ') === b.replace(/\s+/g, ' ');
const copied = (spans: VoiceSpan[]) => spans.map((span) => ({ ...span }));
