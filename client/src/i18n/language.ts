import { languageFromLocale, type Language } from '../../../contract/language-codes.ts';

/** What the interface language is chosen from, most authoritative first. */
export interface LanguageSources {
  /** The signed-in user's stored preference (null for a first-time user or a visitor). */
  preference?: string | null;
  /** The language a signed-out visitor picked, as kept on the device. */
  stored?: string | null;
  /** The browser's language, e.g. navigator.language. */
  browser?: string;
}

function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'fi';
}

/**
 * The interface language: the user's preference when it is en or fi, else the device's stored
 * choice when it is en or fi, else the browser language (Finnish when it starts with "fi").
 */
export function resolveLanguage({ preference, stored, browser }: LanguageSources): Language {
  if (isLanguage(preference)) return preference;
  if (isLanguage(stored)) return stored;
  return languageFromLocale(browser);
}
