import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_QUERY_MAX, searchResponseSchema } from '../../../contract/search.ts';
import { getJson } from './request.ts';

/** A phone shows about four results; more come a page at a time. */
export const SEARCH_PAGE_SIZE = 10;

/** The words as the server reads them: trimmed, at most SEARCH_QUERY_MAX characters. */
export const searchWords = (text: string) => text.trim().slice(0, SEARCH_QUERY_MAX);

/** The user's stories matching `words`, page by page (none asked for while empty). */
export function useStorySearch(words: string) {
  return useInfiniteQuery({
    queryKey: ['/api/search', words] as const,
    queryFn: async ({ pageParam }) => {
      const cursor = pageParam === null ? '' : `&cursor=${encodeURIComponent(pageParam)}`;
      return searchResponseSchema.parse(await getJson<unknown>(`/api/search?q=${encodeURIComponent(words)}&limit=${SEARCH_PAGE_SIZE}${cursor}`));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: words !== '',
    // The previous results stay on screen while the next words are looked up.
    placeholderData: keepPreviousData,
  });
}
