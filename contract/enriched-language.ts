/**
 * Which language gathered information is in (spec 4 and 9.6), shared by the detail screen's
 * headings and the server's grounding of the profile.
 */

/** How much of the values is looked at (spec 9.6). */
export const SAMPLE_CHARS = 100;

// Short, frequent Finnish words that English text does not contain.
const FINNISH_WORDS = new Set([
  'ja', 'on', 'ei', 'hän', 'se', 'oli', 'että', 'kun', 'mutta', 'myös', 'hänen', 'joka', 'jossa', 'olla', 'ovat',
  'tai', 'niin', 'kuin', 'sekä', 'paljon', 'hyvin', 'aina', 'usein', 'koti', 'perhe', 'äiti', 'isä', 'ystävä',
]);

/** Every text value of an enriched summary, in order (strings and lists of strings). */
export function enrichedValues(info: unknown): string[] {
  if (typeof info === 'string') return [info];
  if (!info || typeof info !== 'object') return [];
  return Object.values(info).flatMap((value) =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [],
  );
}

/**
 * The language of the headings (spec 4, detail screens): Finnish when a common Finnish word
 * is in the first 100 characters of the values, else English.
 */
export function enrichedInfoLanguage(info: unknown): 'fi' | 'en' {
  return textLanguage(enrichedValues(info).join(' '));
}

/** The same rule for any text: Finnish when a common Finnish word is in its first 100 characters. */
export function textLanguage(text: string): 'fi' | 'en' {
  const words = text.slice(0, SAMPLE_CHARS).toLocaleLowerCase('fi').split(/[^\p{L}]+/u);
  return words.some((word) => FINNISH_WORDS.has(word)) ? 'fi' : 'en';
}
