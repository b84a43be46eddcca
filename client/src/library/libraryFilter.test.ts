import { describe, expect, it } from 'vitest';
import { filterStories, parseLibraryFilter, processingIds } from './libraryFilter.ts';

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

describe('processingIds', () => {
  it('names the stories being written, which the library re-reads', () => {
    expect(processingIds(stories)).toEqual([3]);
    expect(processingIds(stories.slice(0, 2))).toEqual([]);
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
