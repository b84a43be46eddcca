import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  autobiographyDetailSchema,
  autobiographySummarySchema,
  type AutobiographyCreateBody,
  type AutobiographyDetail,
  type AutobiographySummary,
} from '../../../contract/autobiography.ts';
import { CACHE_MS, TIMINGS } from '../../../contract/timings.ts';
import { apiRequest, getJson } from './request.ts';

export type { AutobiographyDetail, AutobiographySummary };

const AUTOBIOGRAPHIES = '/api/autobiographies';
const detailKey = (id: number) => [AUTOBIOGRAPHIES, id] as const;

/** Read again every 2 s while a book is being written, so its progress moves (spec 7.12, 9.5). */
const whileWriting = (processing: boolean) => (processing ? TIMINGS.statusPollMs : false);

/**
 * Every generated autobiography, newest first, whatever its language (no language filter,
 * decision 013); preloaded after sign-in.
 */
export const autobiographiesQuery = () =>
  queryOptions({
    queryKey: [AUTOBIOGRAPHIES, 'all'] as const,
    queryFn: async () => autobiographySummarySchema.array().parse(await getJson<unknown>(AUTOBIOGRAPHIES)),
    staleTime: CACHE_MS.autobiographies,
  });

export function useAutobiographies() {
  return useQuery({
    ...autobiographiesQuery(),
    refetchInterval: (query) => whileWriting(query.state.data?.some((book) => book.status === 'processing') ?? false),
  });
}

/** One book with its chapters (GET /api/autobiographies/{id}), read again while it is written. */
export function useAutobiography(id: number | null) {
  return useQuery({
    queryKey: detailKey(id ?? 0),
    queryFn: async () => autobiographyDetailSchema.parse(await getJson<unknown>(`${AUTOBIOGRAPHIES}/${id}`)),
    enabled: id !== null,
    staleTime: CACHE_MS.autobiographies,
    refetchInterval: (query) => whileWriting(query.state.data?.status === 'processing'),
  });
}

/** Every autobiography read: the list and each book. */
function useBooksChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [AUTOBIOGRAPHIES] });
}

/** POST /api/autobiography: the book is planned and its writing starts (202). */
export function useGenerateAutobiography() {
  const queryClient = useQueryClient();
  const changed = useBooksChanged();
  return useMutation({
    mutationFn: async (body: AutobiographyCreateBody) => autobiographyDetailSchema.parse(await apiRequest('POST', '/api/autobiography', body)),
    onSuccess: (book) => {
      queryClient.setQueryData(detailKey(book.id), book);
      changed();
    },
  });
}

/** POST /api/autobiographies/{id}/retry: a failed book goes on from its first chapter not written. */
export function useRetryAutobiography(id: number) {
  const queryClient = useQueryClient();
  const changed = useBooksChanged();
  return useMutation({
    mutationFn: async () => autobiographyDetailSchema.parse(await apiRequest('POST', `${AUTOBIOGRAPHIES}/${id}/retry`)),
    onSuccess: (book) => {
      queryClient.setQueryData(detailKey(id), book);
      changed();
    },
  });
}

/** DELETE /api/autobiographies/{id}. */
export function useDeleteAutobiography() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `${AUTOBIOGRAPHIES}/${id}`),
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: detailKey(id) });
      void queryClient.invalidateQueries({ queryKey: [AUTOBIOGRAPHIES] });
    },
  });
}
