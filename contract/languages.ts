import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from './language-codes.ts';

/** The two languages Saaga speaks. Anything else falls back to English. */
export { DATE_LOCALES, DEFAULT_LANGUAGE, LANGUAGES, languageFromLocale, toLanguage, type Language } from './language-codes.ts';
export const languageSchema = z.enum(LANGUAGES);

/**
 * A list's `?language=` (spec: en or fi, other values fall back to en): absent, no language
 * is asked for (the lists that filter show every language, decision 013); a value that is
 * not ours reads as English. The one parser of the parameter for every route.
 */
export const languageParam = languageSchema.optional().catch(DEFAULT_LANGUAGE);

/** A query string of just `?language=` (see languageParam). */
export const languageQuery = z.object({ language: languageParam });
