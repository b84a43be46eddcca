import { STORY_FILTERS, type StoryFilter } from '../../../contract/library.ts';

/** The library's filters (spec 2, "Library"): every story, those in a collection, the rest. */
export const LIBRARY_FILTERS = STORY_FILTERS;
export type LibraryFilter = StoryFilter;

interface FilterableStory {
  chapterId: number | null;
}

/** Whether a story sits in a collection (a chapter). */
export function isInCollection(story: FilterableStory): boolean {
  return story.chapterId !== null;
}

/** The stories a filter shows, in the order given. */
export function filterStories<T extends FilterableStory>(stories: readonly T[], filter: LibraryFilter): T[] {
  switch (filter) {
    case 'all':
      return [...stories];
    case 'inCollections':
      return stories.filter(isInCollection);
    case 'unassigned':
      return stories.filter((story) => !isInCollection(story));
  }
}

/** The listed stories still being written, which the library re-reads (spec 7.12). */
export function processingIds(stories: readonly { id: number; processingStatus: string }[]): number[] {
  return stories.filter((story) => story.processingStatus === 'processing').map((story) => story.id);
}

/** The filter named in the address (?filter=), or "all". */
export function parseLibraryFilter(value: string | null): LibraryFilter {
  return (LIBRARY_FILTERS as readonly string[]).includes(value ?? '') ? (value as LibraryFilter) : 'all';
}
