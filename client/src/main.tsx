import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { probablySignedIn } from './api/signedInHint.ts';
import { allWords, landingWordsOnly, loadLanguage } from './i18n/index.ts';
import './index.css';
import { initialLanguage, keepDocumentLanguageInStep, switchLanguage } from './i18n/appLanguage.ts';
import { LandingApp } from './landing/LandingApp.tsx';

const language = initialLanguage();
const root = createRoot(document.getElementById('root')!);
let appStarted = false;

/** The whole app, at the address then current: its code and every word of the language first. */
function startApp(): void {
  if (appStarted) return;
  appStarted = true;
  void Promise.all([import('./App.tsx'), allWords()]).then(([{ App }]) => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // The other language too, once the page has loaded: pages in a fixed language (a
    // published story, a co-author's link) and a switch of language need it.
    const rest = () => void loadLanguage(language === 'en' ? 'fi' : 'en').catch(() => undefined);
    if (document.readyState === 'complete') setTimeout(rest, 0);
    else window.addEventListener('load', rest, { once: true });
  });
}

// A visitor this device has not seen signed in, at the front door: the landing page alone
// (its prerendered copy stays on screen meanwhile); the app follows when needed.
if (window.location.pathname === '/' && !probablySignedIn()) {
  landingWordsOnly();
  void switchLanguage(language).then(() => {
    keepDocumentLanguageInStep();
    root.render(
      <StrictMode>
        <LandingApp onLeave={startApp} />
      </StrictMode>,
    );
  });
} else {
  void switchLanguage(language).then(() => {
    keepDocumentLanguageInStep();
    startApp();
  });
}
