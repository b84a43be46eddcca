import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where each visited list stood, by history entry (for this tab's life). */
const positions = new Map<string, number>();

/**
 * Back to a long list returns to the place it was left (its pages are still cached): the
 * scroll position is kept for this history entry and restored on Back once `ready`. The
 * screen opened from the list starts at its top, not somewhere down a shorter page.
 */
export function useKeptScroll(ready: boolean): void {
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
}
