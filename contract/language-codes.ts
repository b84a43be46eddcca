/**
 * The two languages Saaga speaks, without zod: the landing page's light first load uses
 * these (languages.ts adds the schema and re-exports them).
 */
export const LANGUAGES = ['en', 'fi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** A stored or requested language, or English when it is not one of ours. */
export function toLanguage(value: unknown): Language {
  return value === 'fi' || value === 'en' ? value : DEFAULT_LANGUAGE;
}

/** The browser's language reading: Finnish when it starts with "fi", else English. */
export function languageFromLocale(locale: string | undefined): Language {
  return locale?.toLowerCase().startsWith('fi') ? 'fi' : 'en';
}

/** Locale used to format dates and numbers per language. */
export const DATE_LOCALES: Record<Language, string> = { en: 'en-US', fi: 'fi-FI' };
