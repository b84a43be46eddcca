/** Reading time and previews (spec 9.6). */
export const WORDS_PER_MINUTE = 200;
export const RECORDING_PREVIEW_WORDS = 15;

/** A text with each tag a space: what its words are counted and shown from. */
const withoutTags = (text: string) => text.replace(/<[^>]*>/g, ' ');

/** The words of a text, tags removed. */
export function wordsOf(text: string | null | undefined): string[] {
  if (!text) return [];
  return withoutTags(text).split(/\s+/).filter(Boolean);
}

/** `wordsOf(text).slice(0, count)` without splitting the whole text (a list presents 50 previews at a time). */
export function firstWordsOf(text: string, count: number): string[] {
  const plain = withoutTags(text);
  const word = /\S+/g;
  const words: string[] = [];
  for (let match = word.exec(plain); match && words.length < count; match = word.exec(plain)) words.push(match[0]);
  return words;
}

/** Minutes to read a text at 200 words a minute: at least 1, rounded up. */
export function readingMinutes(text: string | null | undefined): number {
  return minutesToRead(wordsOf(text).length);
}

/** The same for a word count already known (the lists read the database's stored count). */
export function minutesToRead(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** The first 15 words of a transcription, or null when it has none. */
export function transcriptionPreview(text: string | null | undefined): string | null {
  const words = wordsOf(text);
  if (words.length === 0) return null;
  const preview = words.slice(0, RECORDING_PREVIEW_WORDS).join(' ');
  return words.length > RECORDING_PREVIEW_WORDS ? `${preview}…` : preview;
}
