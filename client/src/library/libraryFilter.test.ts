import { describe, expect, it } from 'vitest';
import { anyStoryProcessing, filterCounts, filterStories, parseLibraryFilter } from './libraryFilter.ts';

const stories = [
  { id: 1, chapterId: null, processingStatus: 'generated' },
  { id: 2, chapterId: 7, processingStatus: 'draft' },
  { id: 3, chapterId: null, processingStatus: 'processing' },
];

describe('filterStories', () => {
  it('shows every story for all, keeping the order', () => {
    expect(filterStories(stories, 'all').map((story) => story.id)).toEqual([1, 2, 3]);
  });

  it('splits the stories by whether they sit in a collection', () => {
    expect(filterStories(stories, 'inCollections').map((story) => story.id)).toEqual([2]);
    expect(filterStories(stories, 'unassigned').map((story) => story.id)).toEqual([1, 3]);
  });
});

describe('filterCounts', () => {
  it('counts each filter', () => {
    expect(filterCounts(stories)).toEqual({ all: 3, inCollections: 1, unassigned: 2 });
    expect(filterCounts([])).toEqual({ all: 0, inCollections: 0, unassigned: 0 });
  });
});

describe('anyStoryProcessing', () => {
  it('is true while a story is being written', () => {
    expect(anyStoryProcessing(stories)).toBe(true);
    expect(anyStoryProcessing(stories.slice(0, 2))).toBe(false);
    expect(anyStoryProcessing(undefined)).toBe(false);
  });
});

describe('parseLibraryFilter', () => {
  it('reads a known filter and falls back to all', () => {
    expect(parseLibraryFilter('unassigned')).toBe('unassigned');
    expect(parseLibraryFilter('inCollections')).toBe('inCollections');
    expect(parseLibraryFilter('chapters')).toBe('all');
    expect(parseLibraryFilter(null)).toBe('all');
  });
});
