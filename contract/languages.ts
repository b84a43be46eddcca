import { z } from 'zod';
import { LANGUAGES } from './language-codes.ts';

/** The two languages Saaga speaks. Anything else falls back to English. */
export { DATE_LOCALES, DEFAULT_LANGUAGE, LANGUAGES, languageFromLocale, toLanguage, type Language } from './language-codes.ts';
export const languageSchema = z.enum(LANGUAGES);
