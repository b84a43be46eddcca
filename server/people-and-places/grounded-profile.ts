import { personEnrichedInfoSchema, placeEnrichedInfoSchema } from '../../contract/enriched-info.ts';
import { enrichedInfoLanguage, textLanguage } from '../../contract/enriched-language.ts';
import { STOPWORDS } from '../../contract/word-match.ts';
import { AiError } from '../ai/errors.ts';
import { namesTheUnsaid, numbersTheUnsaid, TranscriptVocabulary, words } from '../ai/grounding.ts';
import type { EnrichmentKind } from './refresh-info-sources.ts';

/**
 * Words that say nothing of their own: a value sharing only these with the sources shares
 * nothing with them. English and Finnish, folded (ä → a), four letters or more (shorter
 * words are not counted at all).
 */
const FUNCTION_WORDS = new Set([
  'that', 'this', 'these', 'those', 'with', 'were', 'have', 'having', 'they', 'them', 'then', 'than', 'when', 'what', 'where',
  'which', 'while', 'there', 'their', 'would', 'could', 'should', 'about', 'been', 'into', 'also', 'very', 'much', 'more',
  'most', 'some', 'such', 'always', 'often', 'many', 'other', 'others', 'each', 'every', 'just', 'only', 'even', 'over',
  'because', 'through', 'being', 'someone', 'something', 'person', 'place', 'life', 'time', 'times',
  'mutta', 'joka', 'jotka', 'mika', 'mita', 'siella', 'taalla', 'tama', 'tassa', 'nama', 'olla', 'olivat', 'oli', 'ovat',
  'hanella', 'hanen', 'heidan', 'myos', 'paljon', 'aina', 'usein', 'kuin', 'kanssa', 'koska', 'sitten', 'vain', 'erittain',
  'hyvin', 'henkilo', 'paikka', 'elama', 'aikaa',
]);

/**
 * The writer's answer as it may be stored, grounded in what was said: valid against the
 * contract (strictly: no unknown keys); a value is dropped when it claims what no source
 * says (`claimsTheUnsaid`); quotes stay only when their words were spoken; and the whole
 * is not empty. Anything else is a passing failure of the writer, retried.
 *
 * A profile written in another language than the recordings (Finnish information from an
 * English recording) is a translation: its words are not compared, only its names and numbers.
 */
export function groundedProfile(
  kind: EnrichmentKind,
  info: unknown,
  sources: { spoken: string[]; read: string[] },
): Record<string, unknown> {
  const schema = kind === 'person' ? personEnrichedInfoSchema.strict() : placeEnrichedInfoSchema.strict();
  const parsed = schema.safeParse(info);
  if (!parsed.success) {
    throw new AiError('processing_failed', { retryable: true, detail: `enrichedInfo does not fit its schema: ${parsed.error.message}` });
  }
  const read = new TranscriptVocabulary([...sources.read, ...sources.spoken]);
  const sourceText = [...sources.spoken, ...sources.read].join(' ');
  const compareWords = enrichedInfoLanguage(parsed.data) === textLanguage(sourceText);
  const unsaid = (text: string) => claimsTheUnsaid(text, read, { compareWords });
  const profile: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed.data)) {
    if (typeof value === 'string') {
      if (!unsaid(value)) profile[key] = value;
    } else if (Array.isArray(value)) {
      const items = value.filter((item) => !unsaid(item));
      if (items.length) profile[key] = items;
    }
  }
  if ('notableQuotes' in profile) {
    const vocabulary = new TranscriptVocabulary(sources.spoken);
    const quotes = (profile.notableQuotes as string[]).filter((quote) => wasSaid(quote, vocabulary));
    if (quotes.length) profile.notableQuotes = quotes;
    else delete profile.notableQuotes;
  }
  if (Object.keys(profile).length === 0) {
    throw new AiError('processing_failed', { retryable: true, detail: 'the writer gathered nothing from the recordings' });
  }
  return profile;
}

/**
 * Whether a value says something no source says. A paraphrase cannot be checked word by
 * word, so this catches what can be caught: a name (a capitalised word inside a sentence)
 * no source mentions, a number of two or more digits (a year, an age) no source has, or
 * (when the value is in the sources' language) no word of substance in common with them.
 */
export function claimsTheUnsaid(text: string, vocabulary: TranscriptVocabulary, { compareWords = true } = {}): boolean {
  return namesTheUnsaid(text, vocabulary) || numbersTheUnsaid(text, vocabulary) || (compareWords && sharesNothing(text, vocabulary));
}

function sharesNothing(text: string, vocabulary: TranscriptVocabulary): boolean {
  const substance = words(text).filter((w) => w.length >= 4 && !/^\d+$/.test(w) && !FUNCTION_WORDS.has(w) && !STOPWORDS.has(w));
  return substance.length > 0 && !substance.some((w) => vocabulary.has(w));
}

/** A quote stands when nearly all its words are in what was spoken. */
function wasSaid(quote: string, vocabulary: TranscriptVocabulary): boolean {
  const quoteWords = words(quote);
  return quoteWords.length > 0 && quoteWords.filter((w) => vocabulary.has(w)).length / quoteWords.length >= 0.8;
}
