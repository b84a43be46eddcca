import { foldWord, isTitleWord, sameWord, STOPWORDS, words } from '../../contract/word-match.ts';

/**
 * Grounding: a person, place or date in a story's metadata stays only if the recordings
 * mention it. Words are compared case-insensitively with ä/ö/å folded, and "matching" is
 * inflection-aware enough for Finnish:
 *  - equal words match;
 *  - a transcript word that starts with the name word (3+ letters) matches: Anna ~ Annan,
 *    Tampere ~ Tampereella;
 *  - two words of 5+ letters sharing a prefix of 5+ letters match: Helsinki ~ Helsingissä;
 *  - a final i that turns to e: järvi ~ järvessä, Lempi ~ Lempen;
 *  - consonant gradation: a name word of 5+ letters whose first differing letter is k, p
 *    or t, sharing all but its last two letters: Turku ~ Turussa, Matti ~ Matin.
 * Title and kinship words (my, uncle, sister, äiti...) do not ground an entry that also has
 * a real name: "Uncle Bob" needs "Bob". A date with a year (3+ digits) needs every such
 * number in a transcript; a date without one ("summer") needs one of its words.
 */

// The word matching lives in contract/ so the client's label grouping uses the same rules.
export { foldWord, sameWord, words };

/** The vocabulary of some transcripts, for repeated lookups. */
export class TranscriptVocabulary {
  readonly words: Set<string>;
  readonly numbers: Set<string>;

  constructor(transcripts: string[]) {
    const all = transcripts.flatMap(words);
    this.words = new Set(all.filter((w) => !/^\d+$/.test(w)));
    this.numbers = new Set(transcripts.flatMap((t) => t.match(/\d+/g) ?? []));
  }

  has(word: string): boolean {
    if (this.words.has(word)) return true;
    for (const t of this.words) if (sameWord(word, t)) return true;
    return false;
  }
}

/**
 * Whether a text names something (a capitalised word inside a sentence) that the
 * vocabulary does not have: a name the writer made up. Sentence-initial words are not judged.
 */
export function namesTheUnsaid(text: string, vocabulary: TranscriptVocabulary): boolean {
  for (const match of text.matchAll(/(?<=[^.!?:"«»\s]\s+)\p{Lu}[\p{L}'’-]+/gu)) {
    if (!words(match[0]).every((w) => vocabulary.has(w))) return true;
  }
  return false;
}

/** Whether a text has a number of two or more digits (a year, an age) the vocabulary does not. */
export function numbersTheUnsaid(text: string, vocabulary: TranscriptVocabulary): boolean {
  return (text.match(/\d{2,}/g) ?? []).some((n) => !vocabulary.numbers.has(n));
}

/** Whether a person or place named in metadata is mentioned in the transcripts. */
export function isNameGrounded(entry: string, vocabulary: TranscriptVocabulary): boolean {
  const significant = words(entry).filter((w) => w.length >= 2 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
  if (significant.length === 0) return true; // nothing checkable: leave it
  const names = significant.filter((w) => !isTitleWord(w));
  const toCheck = names.length > 0 ? names : significant;
  return toCheck.some((w) => vocabulary.has(w));
}

/** Whether a date in metadata is said in the transcripts. */
export function isDateGrounded(entry: string, vocabulary: TranscriptVocabulary): boolean {
  const years = (entry.match(/\d+/g) ?? []).filter((n) => n.length >= 3);
  if (years.length > 0) return years.every((y) => vocabulary.numbers.has(y));
  const numbers = entry.match(/\d+/g) ?? [];
  const significant = words(entry).filter((w) => w.length >= 3 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
  if (significant.length > 0) return significant.some((w) => vocabulary.has(w));
  return numbers.length === 0 || numbers.every((n) => vocabulary.numbers.has(n));
}

/** What grounding took out: names and dates found in no transcript. */
export interface Removed {
  people: string[];
  locations: string[];
  dates: string[];
}

export interface Grounded<T> {
  result: T;
  removed: Removed;
}

/** Removes from a story's metadata every person, place and date that no transcript mentions. */
export function groundStory<T extends { metadata: Removed }>(story: T, transcripts: string[]): Grounded<T> {
  const vocabulary = new TranscriptVocabulary(transcripts);
  const removed: Removed = { people: [], locations: [], dates: [] };
  const keep = (list: string[], grounded: (e: string) => boolean, out: string[]) =>
    list.filter((entry) => {
      const ok = grounded(entry);
      if (!ok) out.push(entry);
      return ok;
    });
  const metadata = story.metadata;
  return {
    result: {
      ...story,
      metadata: {
        ...metadata,
        people: keep(metadata.people, (e) => isNameGrounded(e, vocabulary), removed.people),
        locations: keep(metadata.locations, (e) => isNameGrounded(e, vocabulary), removed.locations),
        dates: keep(metadata.dates, (e) => isDateGrounded(e, vocabulary), removed.dates),
      },
    },
    removed,
  };
}
