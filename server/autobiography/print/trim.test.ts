import { describe, expect, it } from 'vitest';
import { BLEED, coverFrame, gutter, pageFrame, roundUpToSheets, spineWidth, TRIM } from './trim.ts';

describe('a printed book\'s geometry', () => {
  it('6 x 9 in is 432 x 648 pt, with 9 pt of bleed round it', () => {
    const frame = pageFrame('6x9', 200, 1);
    expect(TRIM['6x9']).toEqual({ width: 432, height: 648 });
    expect(frame.mediaWidth).toBe(450);
    expect(frame.mediaHeight).toBe(666);
    expect(frame.trimBox).toEqual([9, 9, 441, 657]);
    expect(frame.bleedBox).toEqual([0, 0, 450, 666]);
  });

  it('A5 is 148 x 210 mm', () => {
    expect(TRIM.a5.width).toBeCloseTo(419.53, 1);
    expect(TRIM.a5.height).toBeCloseTo(595.28, 1);
  });

  it('mirrors the margins: the gutter is on the left of a right-hand page and on the right of a left-hand one', () => {
    const right = pageFrame('6x9', 200, 3);
    const left = pageFrame('6x9', 200, 4);
    expect(right.text.width).toBe(left.text.width);
    expect(right.text.left - BLEED).toBe(gutter(200));
    expect(TRIM['6x9'].width - (left.text.left - BLEED + left.text.width)).toBe(gutter(200));
  });

  it('widens the gutter as the book thickens', () => {
    expect(gutter(100)).toBeLessThan(gutter(200));
    expect(gutter(200)).toBeLessThan(gutter(400));
    expect(gutter(800)).toBe(0.875 * 72 + 18);
  });

  it('pads to whole sheets of four pages', () => {
    expect([1, 4, 5, 298, 300].map(roundUpToSheets)).toEqual([4, 4, 8, 300, 300]);
  });

  it('sizes the cover round the spine the pages make', () => {
    const cover = coverFrame('6x9', 300);
    expect(spineWidth(300)).toBeCloseTo(300 * 0.002252 * 72, 6);
    expect(cover.width).toBeCloseTo(2 * 432 + spineWidth(300) + 18, 6);
    expect(cover.height).toBe(666);
    expect(cover.front.left).toBeCloseTo(cover.spine.left + cover.spine.width, 6);
    expect(cover.spineTitle).toBe(true);
    expect(coverFrame('6x9', 48).spineTitle).toBe(false);
  });
});
