import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_QUERY_MAX, searchResponseSchema } from '../../../contract/search.ts';
import { getJson } from './request.ts';

/** The words as the server reads them: trimmed, at most SEARCH_QUERY_MAX characters. */
export const searchWords = (text: string) => text.trim().slice(0, SEARCH_QUERY_MAX);

/** The first page of the user's stories matching `words` (none asked for while empty). */
export function useStorySearch(words: string) {
  return useQuery({
    queryKey: ['/api/search', words] as const,
    queryFn: async () => searchResponseSchema.parse(await getJson<unknown>(`/api/search?q=${encodeURIComponent(words)}`)),
    enabled: words !== '',
    // The previous results stay on screen while the next words are looked up.
    placeholderData: keepPreviousData,
  });
}
