import { useInfiniteQuery } from '@tanstack/react-query';
import { loadedItems } from '../api/pagination.ts';
import { searchWords, useStorySearch } from '../api/search.ts';
import { storyListQuery } from '../api/stories.ts';
import { useDebounced } from '../search/useDebounced.ts';

/** How long typing rests before the server is asked. */
const TYPING_REST_MS = 250;

/**
 * A story a picker can offer. From the story list it carries its chapter and status; from a
 * search result (GET /api/search) only its title and date, so those two are then unknown.
 */
export interface StoryChoice {
  id: number;
  title: string;
  createdAt: string;
  chapterId?: number | null;
  processingStatus?: string;
}

/**
 * The stories a picker offers without loading them all: the newest page of the story list,
 * or, once words are typed, the server's search results (title, text and transcripts, in
 * English and Finnish); `loadMore` reads the next page of whichever is shown.
 */
export function useStoryChoices(text: string, enabled = true) {
  const words = searchWords(useDebounced(text, TYPING_REST_MS));
  const searching = words !== '';
  const list = useInfiniteQuery({ ...storyListQuery('all'), enabled: enabled && !searching });
  const search = useStorySearch(enabled ? words : '');

  if (searching) {
    const seen = new Set<number>();
    const choices: StoryChoice[] = [];
    for (const result of search.data?.pages.flatMap((page) => page.results) ?? []) {
      if (seen.has(result.storyId)) continue;
      seen.add(result.storyId);
      choices.push({ id: result.storyId, title: result.title, createdAt: result.createdAt });
    }
    return {
      words,
      choices: choices as StoryChoice[],
      isPending: search.isPending,
      isError: search.isError,
      retry: () => void search.refetch(),
      hasMore: search.hasNextPage,
      loadingMore: search.isFetchingNextPage,
      moreFailed: search.isFetchNextPageError,
      loadMore: () => void search.fetchNextPage(),
    };
  }
  return {
    words,
    choices: loadedItems(list.data) as StoryChoice[],
    isPending: list.isPending,
    isError: list.isError,
    retry: () => void list.refetch(),
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    moreFailed: list.isFetchNextPageError,
    loadMore: () => void list.fetchNextPage(),
  };
}

/** The chosen stories that `choices` lacks, first, then `choices`: a choice never drops out of sight. */
export function withChosen<T extends { id: number }>(choices: readonly T[], chosen: readonly T[]): T[] {
  const listed = new Set(choices.map((choice) => choice.id));
  return [...chosen.filter((choice) => !listed.has(choice.id)), ...choices];
}
