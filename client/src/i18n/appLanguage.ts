import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from '../../../contract/language-codes.ts';
import { STORAGE_KEYS } from '../../../contract/storage-keys.ts';
import { WEB_MANIFEST_FILES } from '../../../contract/web-manifest.ts';
import i18n, { loadLanguage } from './index.ts';
import { resolveLanguage } from './language.ts';

/** The language a visitor chose on this device, or null (storage can be unavailable). */
export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    return null;
  }
}

/** Keeps the choice on the device, so the signed-out pages speak it too. */
export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Private browsing: the choice still holds for this visit.
  }
}

/** The language before anything about the user is known: stored choice, else the browser's. */
export function initialLanguage(): Language {
  return resolveLanguage({ stored: readStoredLanguage(), browser: navigator.language });
}

// The language last asked for: a slower load of an earlier choice must not win.
let wanted: Language | null = null;

/** Switches the interface language (and so `<html lang>`) once its words have loaded. */
export function switchLanguage(language: Language): Promise<void> {
  wanted = language;
  return loadLanguage(language).then(
    async () => {
      if (wanted === language && i18n.language !== language) await i18n.changeLanguage(language);
    },
    // Words that did not arrive (offline): the interface stays in its language; a later switch asks again.
    () => undefined,
  );
}

let keptInStep = false;

/**
 * The page in the interface language, now and whenever it changes: `<html lang>`, and the web
 * app manifest it names, so installing from a Finnish page gives the app Finnish shortcuts.
 */
function documentIn(language: string): void {
  document.documentElement.lang = language;
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/${WEB_MANIFEST_FILES[toLanguage(language)]}`);
}

/** Sets the page's language (`documentIn`) now and whenever the interface language changes. */
export function keepDocumentLanguageInStep(): void {
  documentIn(i18n.language);
  if (keptInStep) return;
  keptInStep = true;
  i18n.on('languageChanged', documentIn);
}

/** The current interface language. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return toLanguage(instance.resolvedLanguage ?? instance.language);
}

/**
 * Follows the user: a signed-in user's preference once known; on signing out (or for a
 * first-time user) the device's stored choice or the browser language.
 */
export function useUserLanguage(preference: Language | null | undefined): void {
  useEffect(() => {
    switchLanguage(
      resolveLanguage({ preference, stored: readStoredLanguage(), browser: navigator.language }),
    );
  }, [preference]);
}
