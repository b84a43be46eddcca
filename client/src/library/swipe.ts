import { TIMINGS } from '../../../contract/timings.ts';

/** Movement before a gesture counts as a horizontal swipe or a vertical scroll. */
export const SWIPE_AXIS_LOCK_PX = 10;

/** Which way a gesture goes: not yet known, sideways (a swipe), or up and down (a scroll). */
export type SwipeAxis = 'undecided' | 'horizontal' | 'vertical';

/** The axis of a gesture that moved dx, dy from where it started. */
export function swipeAxis(dx: number, dy: number): SwipeAxis {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_AXIS_LOCK_PX) return 'undecided';
  return Math.abs(dx) > Math.abs(dy) ? 'horizontal' : 'vertical';
}

/**
 * How far the delete action shows while dragging: the reveal at the start plus the
 * leftward movement, between 0 and the maximum reveal (spec 9.5: 100 px).
 */
export function draggedReveal(startReveal: number, dx: number): number {
  return Math.min(TIMINGS.swipeMaxPx, Math.max(0, startReveal - dx));
}

/** Where a row rests after the finger lifts: open at 80 px past the 50 px threshold, else closed. */
export function settledReveal(reveal: number): number {
  return reveal >= TIMINGS.swipeThresholdPx ? TIMINGS.swipeOpenPx : 0;
}
