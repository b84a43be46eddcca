import { describe, expect, it } from 'vitest';
import { linkChanges, sameIds, selectionDiffers, selectionOf, toggleId } from './recordingLinks.ts';

const stored = { storyId: 4, peopleIds: [1, 2], placeIds: [] };

describe('selectionOf', () => {
  it('reads the ids of the linked story, people and places', () => {
    expect(
      selectionOf({
        storyId: 4,
        people: [{ id: 1, name: 'Anna', relationship: null }],
        places: [{ id: 9, name: 'Oulu', type: 'city' }],
      }),
    ).toEqual({ storyId: 4, peopleIds: [1], placeIds: [9] });
  });
});

describe('sameIds', () => {
  it('ignores order and repeats', () => {
    expect(sameIds([1, 2], [2, 1])).toBe(true);
    expect(sameIds([1, 1, 2], [2, 1])).toBe(true);
    expect(sameIds([1], [1, 2])).toBe(false);
    expect(sameIds([], [])).toBe(true);
  });
});

describe('linkChanges and selectionDiffers', () => {
  it('finds nothing when the selection is the stored one in another order', () => {
    const draft = { storyId: 4, peopleIds: [2, 1], placeIds: [] };
    expect(linkChanges(draft, stored)).toEqual({});
    expect(selectionDiffers(draft, stored)).toBe(false);
  });

  it('names only the parts that differ', () => {
    expect(linkChanges({ ...stored, storyId: null }, stored)).toEqual({ storyId: null });
    expect(linkChanges({ ...stored, peopleIds: [1] }, stored)).toEqual({ peopleIds: [1] });
    expect(linkChanges({ storyId: 5, peopleIds: [1, 2], placeIds: [3] }, stored)).toEqual({ storyId: 5, placeIds: [3] });
    expect(selectionDiffers({ ...stored, placeIds: [3] }, stored)).toBe(true);
  });
});

describe('toggleId', () => {
  it('adds a checked id once and removes an unchecked one', () => {
    expect(toggleId([1], 2, true)).toEqual([1, 2]);
    expect(toggleId([1, 2], 2, true)).toEqual([1, 2]);
    expect(toggleId([1, 2], 1, false)).toEqual([2]);
  });
});
