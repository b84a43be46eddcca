import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toLanguage } from '../../contract/language-codes.ts';
import i18n, { allWords, landingWordsOnly, loadLanguage } from './i18n/index.ts';
import './index.css';
import { initialLanguage, keepDocumentLanguageInStep, switchLanguage } from './i18n/appLanguage.ts';
import { checkSession } from './api/earlyReads.ts';
import { preloadPagesFor } from './pagePreload.ts';
import type { SessionAnswer } from './App.tsx';
import { catchInstallPrompt } from './install/earlyInstallPrompt.ts';

// Chrome's install prompt may come before the app's code does: caught from the first script.
catchInstallPrompt();

const language = initialLanguage();
const container = document.getElementById('root')!;
// The server sends the landing page already rendered only to a visitor at the front door
// with no session cookie (server/http/spa.ts); anyone else gets the empty page.
const visitor = window.location.pathname === '/' && container.childElementCount > 0;
const root = createRoot(container);
let appStarted = false;

// Pages in the language of what they show (a published story, a co-author's link) take
// both languages from their first render: i18next settles a page's language when it is
// made, and would fall back to English for one whose words had not come yet.
const FIXED_LANGUAGE_PAGES = ['/published/', '/co-author/', '/family'];

/**
 * The whole app, at the address then current: its code and every word of the language
 * first. `sessionCheck`: GET /api/auth/user already under way, handed to the app.
 */
function startApp(sessionCheck?: Promise<Response>): void {
  if (appStarted) return;
  appStarted = true;
  allWords();
  // The check's answer usually comes long before the app's code: read then, it lets the
  // first render know who is signed in, without a loading screen painted in between.
  let answer: SessionAnswer | undefined;
  void sessionCheck
    ?.then(async (response) => {
      if (response.status === 401) answer = { user: null };
      else if (response.ok) answer = { user: await response.clone().json() };
    })
    .catch(() => undefined);
  const words = Promise.all([
    switchLanguage(visitor ? toLanguage(i18n.language) : language),
    FIXED_LANGUAGE_PAGES.some((prefix) => window.location.pathname.startsWith(prefix)) &&
      Promise.all([loadLanguage('en'), loadLanguage('fi')]).catch(() => undefined),
  ]);
  void Promise.all([import('./App.tsx'), words]).then(([{ App }]) => {
    keepDocumentLanguageInStep();
    root.render(
      <StrictMode>
        <App sessionCheck={sessionCheck} sessionAnswer={answer} />
      </StrictMode>,
    );
    // The other language too, once the page has loaded: pages in a fixed language (a
    // published story, a co-author's link) and a switch of language need it.
    // A little after the load, so it does not compete with the page's own requests.
    const rest = () => setTimeout(() => void loadLanguage(i18n.language === 'fi' ? 'en' : 'fi').catch(() => undefined), 3000);
    if (document.readyState === 'complete') rest();
    else window.addEventListener('load', rest, { once: true });
  });
}

// A visitor: the landing page alone (its rendered copy stays on screen meanwhile) and the
// session check after it; the app follows when needed. The landing page's code is a chunk
// of its own (its HTML names it, so it comes with this one): a signed-in load never needs it.
if (visitor) {
  landingWordsOnly();
  void Promise.all([import('./landing/LandingApp.tsx'), switchLanguage(language)]).then(([{ LandingApp }]) => {
    keepDocumentLanguageInStep();
    root.render(
      <StrictMode>
        <LandingApp onLeave={() => startApp()} />
      </StrictMode>,
    );
  });
} else {
  // Everything the page needs at once, side by side: the session, the app, its words, the page's chunks.
  startApp(checkSession());
  preloadPagesFor(window.location.pathname);
}
