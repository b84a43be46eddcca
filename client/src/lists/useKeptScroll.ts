import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where each visited list stood, by history entry (for this tab's life). */
const positions = new Map<string, number>();

/**
 * Back to a long list returns to the place it was left (its pages are still cached): the
 * scroll position is kept for this history entry and restored on Back once `ready`. The
 * screen opened from the list starts at its top, not somewhere down a shorter page.
 * `returning`: this is such a Back, to a place further down.
 */
export function useKeptScroll(ready: boolean): { returning: boolean } {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const restored = useRef(false);

  // Layout effects: the listener is gone before the next screen's first scroll event, which
  // would otherwise record the shorter page's position as this list's.
  useLayoutEffect(() => {
    const save = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      window.removeEventListener('scroll', save);
      window.scrollTo(0, 0);
    };
  }, [key]);

  useLayoutEffect(() => {
    if (restored.current || !ready) return;
    restored.current = true;
    const saved = positions.get(key);
    if (navigationType === 'POP' && saved) window.scrollTo(0, saved);
  }, [ready, key, navigationType]);

  // Back to a place down the list: every row it had must be there at once.
  return { returning: navigationType === 'POP' && Boolean(positions.get(key)) };
}
