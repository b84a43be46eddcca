import { createRequire } from 'node:module';
import type { Language } from '../../../contract/languages.ts';

const require = createRequire(import.meta.url);

/** The soft hyphen: invisible inside a line; pdfkit draws a hyphen where it breaks a line there. */
export const SOFT_HYPHEN = '\u00AD';

type Hyphenator = { hyphenateSync(text: string, options?: { minWordLength?: number }): string };
/** Loaded on the first print, not at every start: the Finnish patterns are large. */
const hyphenators: Partial<Record<Language, Hyphenator>> = {};
const PATTERNS: Record<Language, string> = { en: 'hyphen/en-us/index.js', fi: 'hyphen/fi/index.js' };

/**
 * Shorter words are never split: a line broken after two letters reads worse than a
 * slightly looser line.
 */
const MIN_WORD_LENGTH = 6;

/**
 * The text with soft hyphens where a word of the book's language may break (Liang's patterns,
 * `hyphen`'s en-us and fi). Finnish compounds run to thirty letters and more: without
 * breaks, a justified narrow column is full of gaps. Addresses and numbers are left whole.
 */
export function hyphenate(text: string, language: Language): string {
  const hyphenator = (hyphenators[language] ??= require(PATTERNS[language]) as Hyphenator);
  return text
    .split(/(\s+)/)
    .map((word) => (/[\d/@:]/.test(word) ? word : hyphenator.hyphenateSync(word, { minWordLength: MIN_WORD_LENGTH })))
    .join('');
}
