import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { CACHE_MS } from '../../../contract/timings.ts';
import { getJson, queryKeyToUrl } from './request.ts';

/** Default read: GET the URL the query key names; a 401 is an error (spec 7.1). */
const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(queryKeyToUrl(queryKey));

/**
 * The cache with the spec's defaults: never stale, no refetch on interval or focus, no retries.
 * Reads are asked for even when the browser says it is offline: the service worker answers
 * what the person has seen from its cache (serviceWorker/sw.ts); without it they fail as
 * any failed read, instead of waiting for a network that may not come.
 */
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
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}
