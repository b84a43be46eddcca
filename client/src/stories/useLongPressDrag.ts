import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { TIMINGS } from '../../../contract/timings.ts';
import { dropIndex, longPressCancelled } from './reorder.ts';

/** The item being dragged: where it started and where it would land. */
export interface DragState {
  from: number;
  target: number;
}

interface Press {
  pointerId: number;
  x: number;
  y: number;
  index: number;
  timer: ReturnType<typeof setTimeout>;
  /** The items' middles, measured when the long press turned into a drag. */
  middles?: number[];
}

/**
 * Long press to drag (spec 9.5): holding a handle still for 800 ms picks the item up;
 * moving more than 10 px before that cancels, so the page can scroll. Dropping calls
 * onDrop(from, to) with indexes of the list as it was.
 */
export function useLongPressDrag(measureMiddles: () => number[], onDrop: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const press = useRef<Press | null>(null);
  const dragRef = useRef<DragState | null>(null);
  dragRef.current = drag;

  useEffect(() => () => clearTimeout(press.current?.timer), []);

  const finish = (commit: boolean) => {
    const current = press.current;
    if (!current) return;
    clearTimeout(current.timer);
    press.current = null;
    const dropped = dragRef.current;
    setDrag(null);
    if (commit && dropped && dropped.target !== dropped.from) onDrop(dropped.from, dropped.target);
  };

  const handleProps = (index: number) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      finish(false);
      event.currentTarget.setPointerCapture(event.pointerId);
      const started: Press = {
        pointerId: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        index,
        timer: setTimeout(() => {
          if (press.current !== started) return;
          started.middles = measureMiddles();
          navigator.vibrate?.(15);
          setDrag({ from: index, target: index });
        }, TIMINGS.longPressMs),
      };
      press.current = started;
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      const current = press.current;
      if (!current || current.pointerId !== event.pointerId) return;
      if (!current.middles) {
        if (longPressCancelled(event.clientX - current.x, event.clientY - current.y)) finish(false);
        return;
      }
      const target = dropIndex(event.clientY, current.middles, current.index);
      setDrag((state) => (state && state.target !== target ? { ...state, target } : state));
    },
    onPointerUp: () => finish(true),
    onPointerCancel: () => finish(false),
    // Capture lost other than by lifting the pointer (the page changed under it): no drop.
    onLostPointerCapture: () => finish(false),
    onContextMenu: (event: { preventDefault: () => void }) => event.preventDefault(),
  });

  return { drag, handleProps };
}
