/** The library's filters (spec 2, "Library"): every story, those in a collection, the rest. */
export const LIBRARY_FILTERS = ['all', 'inCollections', 'unassigned'] as const;
export type LibraryFilter = (typeof LIBRARY_FILTERS)[number];

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

/** How many stories each filter shows, for the counts on its button. */
export function filterCounts(stories: readonly FilterableStory[]): Record<LibraryFilter, number> {
  const inCollections = stories.filter(isInCollection).length;
  return { all: stories.length, inCollections, unassigned: stories.length - inCollections };
}

/** Whether any story is still being written, so the list keeps re-reading (spec 7.12). */
export function anyStoryProcessing(stories: readonly { processingStatus: string }[] | undefined): boolean {
  return stories?.some((story) => story.processingStatus === 'processing') ?? false;
}

/** The filter named in the address (?filter=), or "all". */
export function parseLibraryFilter(value: string | null): LibraryFilter {
  return (LIBRARY_FILTERS as readonly string[]).includes(value ?? '') ? (value as LibraryFilter) : 'all';
}
