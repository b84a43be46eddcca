/**
 * Word-by-word typing progress for the before/after texts: pure arithmetic,
 * so the hook that drives it with a timer stays trivial.
 */

/** Splits a text into words, each keeping the whitespace that follows it, so joining any prefix reproduces the text exactly (paragraph breaks included). */
export function splitTypingWords(text: string): string[] {
  const leading = text.match(/^\s+/)?.[0] ?? '';
  const words = text.slice(leading.length).match(/\S+\s*/g) ?? [];
  if (leading && words.length > 0) words[0] = leading + words[0];
  return words;
}

/** How many words are shown after `elapsedMs`: the first at once, then one more every `wordMs`, never more than `total`. */
export function wordsTypedAfter(elapsedMs: number, wordMs: number, total: number): number {
  if (total <= 0) return 0;
  if (wordMs <= 0) return total;
  const typed = Math.floor(Math.max(0, elapsedMs) / wordMs) + 1;
  return Math.min(total, typed);
}

/** The visible part of the text once `count` words have been typed (trailing whitespace trimmed). */
export function typedText(words: readonly string[], count: number): string {
  return words.slice(0, Math.max(0, count)).join('').trimEnd();
}
