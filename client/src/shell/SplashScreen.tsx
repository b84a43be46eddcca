import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { STORAGE_KEYS } from '../../../contract/storage-keys.ts';
import { TIMINGS } from '../../../contract/timings.ts';

type Phase = 'shown' | 'fading' | 'gone';

declare global {
  interface Window {
    /**
     * Set by browser tests before the page loads (Playwright's addInitScript, see
     * e2e/support/browser.ts) so that each page does not wait 2.5 s; people never set it.
     */
    saagaSkipSplash?: boolean;
  }
}

// Also kept here: where localStorage is refused the splash still plays once per page load.
let shownThisLoad = false;

/** A published story arrives rendered by the server: a reader from a shared link sees it at once, not a cover. */
const SERVER_RENDERED_PREFIX = '/published/';

/** True when the splash already played on this device, or a test skips it. */
function alreadyShown(): boolean {
  if (shownThisLoad || window.saagaSkipSplash === true) return true;
  if (window.location.pathname.startsWith(SERVER_RENDERED_PREFIX)) return true;
  try {
    return window.localStorage.getItem(STORAGE_KEYS.splashShown) !== null;
  } catch {
    return false;
  }
}

function markShown(): void {
  shownThisLoad = true;
  try {
    window.localStorage.setItem(STORAGE_KEYS.splashShown, '1');
  } catch {
    // Storage refused: the module flag above still holds for this page load.
  }
}

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Black cover with a white "S" over everything, on a first visit only (every later load on
 * this device goes straight in); fades at splashFadeMs,
 * gone at splashEndMs. With reduced motion it does not fade: it goes at splashFadeMs.
 */
export function SplashScreen() {
  const [phase, setPhase] = useState<Phase>(() => (alreadyShown() ? 'gone' : 'shown'));

  useEffect(() => {
    if (phase === 'gone') return;
    // Marked as soon as it shows, so a reload during the splash does not play it again.
    markShown();
    const still = prefersReducedMotion();
    const fade = setTimeout(() => setPhase(still ? 'gone' : 'fading'), TIMINGS.splashFadeMs);
    const end = setTimeout(() => setPhase('gone'), TIMINGS.splashEndMs);
    return () => {
      clearTimeout(fade);
      clearTimeout(end);
    };
    // Runs once: the phase it starts from decides whether there is a splash at all.
  }, []);

  if (phase === 'gone') return null;
  return (
    <div
      aria-hidden
      data-testid="splash"
      className={clsx(
        'fixed inset-0 z-[100] flex items-center justify-center bg-black transition-opacity ease-out motion-reduce:transition-none',
        phase === 'fading' && 'pointer-events-none opacity-0',
      )}
      style={{ transitionDuration: `${TIMINGS.splashEndMs - TIMINGS.splashFadeMs}ms` }}
    >
      <span className="font-serif text-8xl font-semibold text-white select-none">S</span>
    </div>
  );
}
