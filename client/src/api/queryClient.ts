import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { CACHE_MS } from '../../../contract/timings.ts';
import { getJson, queryKeyToUrl } from './request.ts';

/** Default read: GET the URL the query key names; a 401 is an error (spec 7.1). */
const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(queryKeyToUrl(queryKey));

/** The cache with the spec's defaults: never stale, no refetch on interval or focus, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        gcTime: CACHE_MS.garbageCollection,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
