import { useRef, useState, type PointerEvent as ReactPointerEvent, type MouseEvent as ReactMouseEvent } from 'react';
import { TIMINGS } from '../../../contract/timings.ts';
import { draggedReveal, settledReveal, swipeAxis, type SwipeAxis } from './swipe.ts';

interface Gesture {
  pointerId: number;
  x: number;
  y: number;
  startReveal: number;
  axis: SwipeAxis;
}

/**
 * Swipe left to reveal an action (spec 2, "Library"), with pointer events so a mouse
 * drag works like a finger: past 50 px the row rests open at 80 px, else it closes; a
 * vertical move is left to the page's scrolling. A swipe or a tap on an open row does
 * not also open the row's link.
 */
export function useSwipeReveal() {
  const [reveal, setReveal] = useState(0);
  const [dragging, setDragging] = useState(false);
  const gesture = useRef<Gesture | null>(null);
  const swallowClick = useRef(false);

  const end = (event: ReactPointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    gesture.current = null;
    if (current.axis === 'horizontal') {
      swallowClick.current = true;
      setDragging(false);
      setReveal((value) => settledReveal(value));
    }
  };

  const handlers = {
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      swallowClick.current = false;
      gesture.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, startReveal: reveal, axis: 'undecided' };
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      const current = gesture.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const dx = event.clientX - current.x;
      if (current.axis === 'undecided') {
        current.axis = swipeAxis(dx, event.clientY - current.y);
        if (current.axis === 'vertical') {
          gesture.current = null;
          return;
        }
        if (current.axis === 'undecided') return;
        event.currentTarget.setPointerCapture(event.pointerId);
        setDragging(true);
      }
      setReveal(draggedReveal(current.startReveal, dx));
    },
    onPointerUp: end,
    onPointerCancel: end,
    onClickCapture: (event: ReactMouseEvent<HTMLElement>) => {
      // The click that ends a swipe, or a tap on an open row (it closes), opens nothing.
      if (swallowClick.current || reveal > 0) {
        event.preventDefault();
        event.stopPropagation();
        if (!swallowClick.current) setReveal(0);
        swallowClick.current = false;
      }
    },
    onDragStart: (event: ReactMouseEvent<HTMLElement>) => event.preventDefault(),
  };

  return {
    reveal,
    dragging,
    open: reveal > 0 && !dragging,
    setOpen: (open: boolean) => setReveal(open ? TIMINGS.swipeOpenPx : 0),
    handlers,
  };
}
