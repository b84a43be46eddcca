import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { Language } from '../../../contract/language-codes.ts';
import en from '../i18n/bundles/en-landing.ts';
import fi from '../i18n/bundles/fi-landing.ts';
import { LandingPage } from './LandingPage.tsx';

/**
 * The landing page's HTML in one language, rendered at build (scripts/build/light-client.ts)
 * so a visitor reads it before any script has run. Nothing is fetched: the sign-in buttons
 * render as they do while the client still asks the server for its options.
 */
export function renderLanding(language: Language): string {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    resources: { [language]: language === 'fi' ? fi : en },
    lng: language,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <LandingPage />
    </I18nextProvider>,
  );
}
