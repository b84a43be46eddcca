import { TIMINGS } from '../../../contract/timings.ts';

/** The list with the item at `from` moved to `to` (indexes in the original list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/** Whether two lists hold the same ids in the same order. */
export function sameOrder(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** Whether a press moved too far (over 10 px) to become a long press (spec 9.5). */
export function longPressCancelled(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) > TIMINGS.longPressCancelPx;
}

/**
 * Where a dragged item lands: the number of other items whose middle (measured when the
 * drag began) is above the pointer.
 */
export function dropIndex(pointerY: number, middles: readonly number[], from: number): number {
  return middles.filter((middle, index) => index !== from && middle < pointerY).length;
}
