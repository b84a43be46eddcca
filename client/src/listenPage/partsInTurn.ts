import { type RefObject, useEffect } from 'react';

/**
 * The story's recordings play as one telling: one part at a time (starting one pauses the
 * others) and the next part follows when one ends. Media events do not bubble, so the
 * container listens in the capture phase.
 */
export function usePartsInTurn(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const parts = () => [...element.querySelectorAll('audio')];
    const onPlay = (event: Event) => {
      for (const audio of parts()) if (audio !== event.target && !audio.paused) audio.pause();
    };
    const onEnded = (event: Event) => {
      const all = parts();
      const next = all[all.indexOf(event.target as HTMLAudioElement) + 1];
      // A refused start (the browser's autoplay rule) leaves the next part for the listener's press.
      next?.play().catch(() => undefined);
    };
    element.addEventListener('play', onPlay, true);
    element.addEventListener('ended', onEnded, true);
    return () => {
      element.removeEventListener('play', onPlay, true);
      element.removeEventListener('ended', onEnded, true);
    };
  }, [container]);
}
