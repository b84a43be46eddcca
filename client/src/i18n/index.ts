import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Namespaces } from './bundles/byNamespace.ts';

export const SUPPORTED_LANGUAGES = ['en', 'fi'] as const;
type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** `landing`: the landing page's words alone (a signed-out visitor's light first load); `all`: the app's. */
export type WordScope = 'landing' | 'all';
type Bundle = () => Promise<{ default: Namespaces }>;

// A chunk per language and scope: the first load brings only the interface language's
// words; the other language follows once the page has loaded.
const bundles: Record<WordScope, Record<SupportedLanguage, Bundle>> = {
  landing: { en: () => import('./bundles/en-landing.ts'), fi: () => import('./bundles/fi-landing.ts') },
  all: { en: () => import('./bundles/en.ts'), fi: () => import('./bundles/fi.ts') },
};
const loading = new Map<string, Promise<void>>();
let scope: WordScope = 'all';

/** From now on languages load with the landing page's words only (until allWords). */
export function landingWordsOnly(): void {
  scope = 'landing';
}

/** From now on languages load with every word of the app. */
export function allWords(): void {
  scope = 'all';
}

/** Loads one language's words (in the current scope) into i18next, once; later calls share the first. */
export function loadLanguage(language: SupportedLanguage): Promise<void> {
  const key = `${language}:${scope}`;
  let pending = loading.get(key) ?? (scope === 'landing' ? loading.get(`${language}:all`) : undefined);
  if (!pending) {
    pending = bundles[scope][language]().then(({ default: namespaces }) => {
      for (const [ns, words] of Object.entries(namespaces)) i18n.addResourceBundle(language, ns, words, true, true);
    });
    // A failed chunk (network) may be asked for again.
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  // Words that arrive later (the other language, for a page in a fixed language) re-render.
  react: { bindI18nStore: 'added' },
});

export default i18n;
