import { describe, expect, it } from 'vitest';
import { coverFirst } from './cover.ts';

const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];

describe('a story\'s photos, cover first', () => {
  it('the chosen cover leads, the rest keep their order', () => {
    expect(coverFirst(rows, 3).map((r) => r.id)).toEqual([3, 1, 2]);
  });

  it('without a chosen cover among them, the first photo is the cover', () => {
    expect(coverFirst(rows, null).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(coverFirst(rows, 9).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(coverFirst([], 1)).toEqual([]);
  });
});
