/** Index arithmetic for a looping carousel. */

/** Wraps any integer into 0..length-1 (so -1 is the last slide and length is the first); 0 when there are no slides. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

/** The slide after `index`; after the last comes the first. */
export function nextIndex(index: number, length: number): number {
  return wrapIndex(index + 1, length);
}

/** The slide before `index`; before the first comes the last. */
export function previousIndex(index: number, length: number): number {
  return wrapIndex(index - 1, length);
}
