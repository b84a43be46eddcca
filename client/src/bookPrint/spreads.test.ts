import { describe, expect, it } from 'vitest';
import { firstSpreads, pagesOf } from './spreads.ts';

describe('firstSpreads', () => {
  it('puts page 1 alone on the right, then pairs an even left page with the odd one after it', () => {
    expect(firstSpreads(128, 7)).toEqual([
      { left: null, right: 1 },
      { left: 2, right: 3 },
      { left: 4, right: 5 },
      { left: 6, right: 7 },
    ]);
  });

  it('leaves the right page empty when the shown pages end on an even page', () => {
    expect(firstSpreads(128, 4)).toEqual([
      { left: null, right: 1 },
      { left: 2, right: 3 },
      { left: 4, right: null },
    ]);
  });

  it('shows no more pages than the book has', () => {
    expect(firstSpreads(2, 7)).toEqual([
      { left: null, right: 1 },
      { left: 2, right: null },
    ]);
    expect(firstSpreads(1, 7)).toEqual([{ left: null, right: 1 }]);
  });

  it('has no spread for a book without pages', () => {
    expect(firstSpreads(0, 7)).toEqual([]);
  });

  it('lists the pages in reading order', () => {
    expect(pagesOf(firstSpreads(128, 5))).toEqual([1, 2, 3, 4, 5]);
  });
});
