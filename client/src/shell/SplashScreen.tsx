import { useEffect, useState } from 'react';
import clsx from 'clsx';
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

// Once per page load, even if the app tree remounts.
let shownThisLoad = false;
const skipped = () => window.saagaSkipSplash === true;

/** Black cover with a white "S" over everything; fades at splashFadeMs, gone at splashEndMs. */
export function SplashScreen() {
  const [phase, setPhase] = useState<Phase>(() => (shownThisLoad || skipped() ? 'gone' : 'shown'));

  useEffect(() => {
    if (shownThisLoad || skipped()) return;
    const fade = setTimeout(() => setPhase('fading'), TIMINGS.splashFadeMs);
    const end = setTimeout(() => {
      shownThisLoad = true;
      setPhase('gone');
    }, TIMINGS.splashEndMs);
    return () => {
      clearTimeout(fade);
      clearTimeout(end);
    };
  }, []);

  if (phase === 'gone') return null;
  return (
    <div
      aria-hidden
      data-testid="splash"
      className={clsx(
        'fixed inset-0 z-[100] flex items-center justify-center bg-black transition-opacity ease-out',
        phase === 'fading' && 'pointer-events-none opacity-0',
      )}
      style={{ transitionDuration: `${TIMINGS.splashEndMs - TIMINGS.splashFadeMs}ms` }}
    >
      <span className="font-serif text-8xl font-semibold text-white select-none">S</span>
    </div>
  );
}
