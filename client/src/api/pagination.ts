import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { nextPageUrl } from '../../../contract/pagination.ts';
import { earlyOrFetch, takeEarlyAnswer } from './earlyReads.ts';
import { throwIfNotOk } from './request.ts';

/** One page of a paged list call: its rows, and the next page's address (null on the last). */
export interface ListPage<T> {
  items: T[];
  next: string | null;
}

/**
 * GETs one page of a list call (decision 023): the body is the spec's array, the next
 * page's address comes in the `Link: <...>; rel="next"` header. No header: the last page,
 * so an unpaged server's whole list is one page.
 */
export async function fetchListPage<T>(url: string, schema: z.ZodType<T[]>): Promise<ListPage<T>> {
  const response = await earlyOrFetch(url);
  await throwIfNotOk(response);
  return { items: schema.parse(await response.json()), next: nextPageUrl(response.headers.get('Link')) };
}

/** A path with its search parameters (undefined ones left out). */
export function listUrl(path: string, params: Record<string, string | number | boolean | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A paged list for useInfiniteQuery: the first page's address is the first page param, each
 * page's Link gives the next one. The key must start with the list's path, so the "data
 * changed" notification (dataChanged.ts) reads it again.
 */
export function pagedListQuery<T, K extends QueryKey>(queryKey: K, firstUrl: string, schema: z.ZodType<T[]>, staleTime: number) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchListPage(pageParam, schema),
    initialPageParam: firstUrl,
    getNextPageParam: (page: ListPage<T>) => page.next,
    staleTime,
    // The first page already read beside the app's code (earlyReads.ts): in the first render.
    initialData: () => {
      const answer = takeEarlyAnswer(firstUrl);
      const items = answer && schema.safeParse(answer.body);
      return items?.success ? { pages: [{ items: items.data, next: nextPageUrl(answer!.link) }], pageParams: [firstUrl] } : undefined;
    },
  });
}

/** Every loaded row in order, each id once (a row that moved between two reads shows once). */
export function loadedItems<T extends { id: number }>(data: InfiniteData<ListPage<T>> | undefined): T[] {
  if (!data) return [];
  const seen = new Set<number>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** The cached pages without the rows `drop` names (a deleted story leaves the list at once). */
export function withoutItems<T extends { id: number }>(data: unknown, drop: (item: T) => boolean): unknown {
  if (!isPagedData<T>(data)) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => !drop(item)) })) };
}

function isPagedData<T>(data: unknown): data is InfiniteData<ListPage<T>> {
  return typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages) &&
    (data as InfiniteData<unknown>).pages.every((page) => typeof page === 'object' && page !== null && Array.isArray((page as ListPage<T>).items));
}
