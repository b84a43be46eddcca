import { describe, expect, it } from 'vitest';
import { nextIndex, previousIndex, wrapIndex } from './carousel.ts';

describe('carousel index arithmetic', () => {
  it('moves forward and loops from the last slide to the first', () => {
    expect(nextIndex(0, 4)).toBe(1);
    expect(nextIndex(2, 4)).toBe(3);
    expect(nextIndex(3, 4)).toBe(0);
  });

  it('moves back and loops from the first slide to the last', () => {
    expect(previousIndex(3, 4)).toBe(2);
    expect(previousIndex(1, 4)).toBe(0);
    expect(previousIndex(0, 4)).toBe(3);
  });

  it('wraps any integer into range', () => {
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(-5, 4)).toBe(3);
    expect(wrapIndex(9, 4)).toBe(1);
  });

  it('stays on the only slide, and at 0 with no slides', () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
    expect(previousIndex(0, 0)).toBe(0);
  });
});
