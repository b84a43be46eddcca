import { type PointerEvent, type MouseEvent, useEffect, useRef } from 'react';

/** How long a finger stays on a word to correct it (as long as a phone's own long press). */
const HOLD_MS = 500;
/** A finger that moves this far (px) is scrolling, not holding. */
const MOVE_PX = 10;

/** The word number a pointer is on (the element's `data-word`), or null. */
function wordUnder(target: EventTarget | null): number | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-word]') : null;
  return element ? Number(element.dataset.word) : null;
}

/**
 * Taps and holds on the words of a text, handled once for the whole text (each word carries
 * `data-word`): a tap calls `onTap`, a hold `onHold`, and the click that ends a hold is not
 * also a tap.
 */
export function useWordPress({ onTap, onHold }: { onTap: (word: number) => void; onHold: (word: number) => void }) {
  const timer = useRef<number | undefined>(undefined);
  const origin = useRef<{ x: number; y: number } | null>(null);
  const held = useRef(false);
  const clear = () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => clear, []);

  return {
    onPointerDown: (event: PointerEvent) => {
      const word = wordUnder(event.target);
      held.current = false;
      if (word === null || event.button !== 0) return;
      origin.current = { x: event.clientX, y: event.clientY };
      clear();
      timer.current = window.setTimeout(() => {
        held.current = true;
        onHold(word);
      }, HOLD_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      const from = origin.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > MOVE_PX) clear();
    },
    onPointerUp: clear,
    onPointerCancel: clear,
    onPointerLeave: clear,
    // A phone's long-press menu would cover the box that opens.
    onContextMenu: (event: MouseEvent) => {
      if (wordUnder(event.target) !== null) event.preventDefault();
    },
    onClick: (event: MouseEvent) => {
      const word = wordUnder(event.target);
      if (held.current) {
        held.current = false;
        return;
      }
      if (word !== null) onTap(word);
    },
  };
}
