import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

// Every JSON file under locales/{lng}/{namespace}.json becomes a namespace.
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, mod] of Object.entries(files)) {
  const [, lng, ns] = path.match(/\.\/locales\/(\w+)\/([\w-]+)\.json$/)!;
  (resources[lng] ??= {})[ns] = mod.default;
}

export const SUPPORTED_LANGUAGES = ['en', 'fi'] as const;

i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
});

export default i18n;
