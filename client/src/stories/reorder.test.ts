import { describe, expect, it } from 'vitest';
import { dropIndex, longPressCancelled, moveItem, sameOrder } from './reorder.ts';

describe('moveItem', () => {
  it('moves an item down and up', () => {
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveItem([1, 2, 3], 1, 1)).toEqual([1, 2, 3]);
  });

  it('keeps the list when the index is out of range, and clamps the target', () => {
    expect(moveItem([1, 2], 5, 0)).toEqual([1, 2]);
    expect(moveItem([1, 2, 3], 0, 9)).toEqual([2, 3, 1]);
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([3, 1, 2]);
  });

  it('does not change the list it was given', () => {
    const items = [1, 2, 3];
    moveItem(items, 0, 2);
    expect(items).toEqual([1, 2, 3]);
  });
});

describe('sameOrder', () => {
  it('compares ids and order', () => {
    expect(sameOrder([1, 2], [1, 2])).toBe(true);
    expect(sameOrder([1, 2], [2, 1])).toBe(false);
    expect(sameOrder([1], [1, 2])).toBe(false);
  });
});

describe('longPressCancelled', () => {
  it('cancels only past 10 px of movement', () => {
    expect(longPressCancelled(0, 0)).toBe(false);
    expect(longPressCancelled(6, 8)).toBe(false);
    expect(longPressCancelled(8, 7)).toBe(true);
    expect(longPressCancelled(0, -11)).toBe(true);
  });
});

describe('dropIndex', () => {
  const middles = [50, 150, 250, 350];

  it('drops below the items whose middle the pointer passed', () => {
    expect(dropIndex(0, middles, 2)).toBe(0);
    expect(dropIndex(160, middles, 0)).toBe(1);
    expect(dropIndex(400, middles, 0)).toBe(3);
  });

  it('keeps the place when the pointer stays between its neighbours', () => {
    expect(dropIndex(180, middles, 1)).toBe(1);
    expect(dropIndex(120, middles, 1)).toBe(1);
  });
});
