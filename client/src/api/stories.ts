import { useEffect, useRef } from 'react';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Language } from '../../../contract/languages.ts';
import {
  storyCountsSchema,
  storySchema,
  storySummarySchema,
  type StoryFilter,
  storyWithRecordingsSchema,
  type StoryDto,
  type StoryWithRecordingsDto,
} from '../../../contract/library.ts';
import type { PointOfView, StoryStyle } from '../../../contract/story-options.ts';
import { CACHE_MS, TIMINGS } from '../../../contract/timings.ts';
import { earlyOrFetch, STORY_COUNTS_URL, takeEarlyAnswer } from './earlyReads.ts';
import { apiRequest, getJson, throwIfNotOk } from './request.ts';
import { useDeleteEntity } from './useDeleteEntity.ts';
import { listUrl, pagedListQuery, withoutItems } from './pagination.ts';
import { useDataChanged } from './dataChanged.ts';
import type { TemporalFields } from '../time/timePeriod.ts';
import { isStoryWritten } from './storyProgress.ts';

export type Story = StoryDto;
export { storySchema };

/** The cache key of a story, shared by every screen that reads it. */
export const storyKey = (id: number) => ['/api/stories', id] as const;
/** The story with its recordings in order. */
export const storyWithRecordingsKey = (id: number) => ['/api/stories', id, 'with-recordings'] as const;


/** The key of a paged story list; `['/api/stories', 'list']` names them all. */
export const storyListKey = (filter: StoryFilter) => ['/api/stories', 'list', { filter }] as const;

/** The first page's address of a filter (the spec's `language` is left out: every story is listed whatever its language). */
export const storyListUrl = (filter: StoryFilter) => listUrl('/api/stories', { filter });

/**
 * The user's stories newest first, a page (50) at a time (GET /api/stories?filter=, decision
 * 023): the library, and the pickers' first page. Each filter has its own cached pages.
 */
export const storyListQuery = (filter: StoryFilter) =>
  pagedListQuery(storyListKey(filter), storyListUrl(filter), z.array(storySummarySchema), CACHE_MS.stories);

/** How many stories each library filter shows (GET /api/stories/counts: one aggregate query). */
export const storyCountsQuery = () =>
  queryOptions({
    queryKey: ['/api/stories', 'counts'] as const,
    queryFn: async () => {
      const response = await earlyOrFetch(STORY_COUNTS_URL);
      await throwIfNotOk(response);
      return storyCountsSchema.parse(await response.json());
    },
    staleTime: CACHE_MS.stories,
    // Already read beside the app's code (earlyReads.ts): in the first render.
    initialData: () => {
      const counts = storyCountsSchema.safeParse(takeEarlyAnswer(STORY_COUNTS_URL)?.body);
      return counts.success ? counts.data : undefined;
    },
  });

/** GET /api/stories/{id}, under the key every screen shares. */
export const storyQuery = (id: number) =>
  queryOptions({
    queryKey: storyKey(id),
    queryFn: async () => storySchema.parse(await getJson<unknown>(`/api/stories/${id}`)),
    staleTime: CACHE_MS.stories,
  });

/** A story, re-read every 2 s until it is written (spec 7.12). */
export function useStory(id: number | null) {
  return useQuery({
    ...storyQuery(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => {
      const story = query.state.data;
      if (query.state.status === 'error' || (story && isStoryWritten(story))) return false;
      return TIMINGS.statusPollMs;
    },
  });
}

/**
 * The library's "still being written" re-reading (spec 7.12, every 5 s): each listed story
 * that is processing is re-read by itself, not every loaded page; once one is done, the
 * story lists, counts and timeline read again, once.
 */
export function useStoriesBeingWritten(ids: readonly number[]) {
  const queryClient = useQueryClient();
  const reads = useQueries({
    queries: ids.map((id) => ({
      ...storyQuery(id),
      staleTime: 0,
      refetchInterval: (query: { state: { status: string; data?: Story } }) =>
        query.state.status === 'error' || (query.state.data && query.state.data.processingStatus !== 'processing') ? false : TIMINGS.libraryPollMs,
    })),
  });
  const done = reads.flatMap((read) => (read.data && read.data.processingStatus !== 'processing' ? [read.data.id] : []));
  const reported = useRef(new Set<number>());
  const doneKey = done.join(',');
  const idsKey = ids.join(',');
  // A story that left the watch (the lists show it written) is reported again if it is rewritten.
  useEffect(() => {
    const watched = new Set(ids);
    for (const id of reported.current) if (!watched.has(id)) reported.current.delete(id);
    // `idsKey` is `ids` as a value React can compare.
  }, [idsKey]);
  useEffect(() => {
    const fresh = done.filter((id) => !reported.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) reported.current.add(id);
    void queryClient.invalidateQueries({ queryKey: ['/api/stories', 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/stories', 'counts'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/timeline'] });
    // `doneKey` is `done` as a value React can compare.
  }, [doneKey, queryClient]);
}

/** A story with its recordings (and their people, places and story) in order. */
export function useStoryWithRecordings(id: number | null) {
  return useQuery({
    queryKey: storyWithRecordingsKey(id ?? 0),
    queryFn: async () => storyWithRecordingsSchema.parse(await getJson<unknown>(`/api/stories/${id}/with-recordings`)),
    enabled: id !== null,
    staleTime: CACHE_MS.stories,
  });
}

const pendingRecordingsSchema = z.object({ hasPendingRecordings: z.boolean(), pendingCount: z.number() });

/** How many of a story's recordings are still uploaded or transcribing; re-read every 5 s while any are (spec 7.12). */
export function usePendingRecordings(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/stories', id, 'pending-recordings'],
    queryFn: async () => pendingRecordingsSchema.parse(await getJson<unknown>(`/api/stories/${id}/pending-recordings`)),
    enabled,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.status === 'error' || query.state.data?.hasPendingRecordings === false ? false : TIMINGS.pendingRecordingsPollMs,
  });
}

/** After a story changed: keep the server's answer, then every story and recording list and detail reads again (spec 7.1). */
function useStoryChanged() {
  const queryClient = useQueryClient();
  const recordingsChanged = useDataChanged();
  return (story: Story) => {
    queryClient.setQueryData(storyKey(story.id), story);
    recordingsChanged();
  };
}

/** One field of a story: PATCH /api/stories/{id} with exactly that field. */
export type StoryPatch = { title: string } | { content: string };

/** Saves a title or content edit. */
export function useUpdateStory(id: number) {
  const storyChanged = useStoryChanged();
  return useMutation({
    mutationFn: async (patch: StoryPatch) => storySchema.parse(await apiRequest('PATCH', `/api/stories/${id}`, patch)),
    onSuccess: storyChanged,
  });
}

/** Saves when the story happened (PUT /api/stories/{id}/temporal-context); all null clears it. */
export function useSaveStoryTime(id: number) {
  const storyChanged = useStoryChanged();
  return useMutation({
    mutationFn: async (fields: TemporalFields) =>
      storySchema.parse(await apiRequest('PUT', `/api/stories/${id}/temporal-context`, fields)),
    onSuccess: storyChanged,
  });
}

export interface RegenerateOptions {
  style: StoryStyle;
  pointOfView: PointOfView;
  language: Language;
  /** Replace a title and text edited by hand too; otherwise the writer keeps them. */
  replaceEdited: boolean;
}

/** Starts rewriting a story; it comes back processing and useStory polls it until written. */
export function useRegenerateStory(id: number) {
  const storyChanged = useStoryChanged();
  return useMutation({
    mutationFn: async (options: RegenerateOptions) =>
      storySchema.parse(await apiRequest('POST', `/api/stories/${id}/regenerate`, options)),
    onSuccess: storyChanged,
  });
}

/** Saves a new order of the story's recordings. */
export function useReorderRecordings(id: number) {
  const queryClient = useQueryClient();
  const recordingsChanged = useDataChanged();
  return useMutation({
    mutationFn: async (recordingIds: number[]) =>
      storyWithRecordingsSchema.parse(await apiRequest('PATCH', `/api/stories/${id}/recordings/reorder`, { recordingIds })),
    onSuccess: (story: StoryWithRecordingsDto) => {
      queryClient.setQueryData(storyWithRecordingsKey(id), story);
      recordingsChanged();
    },
  });
}

/**
 * Deletes a story. The caller leaves its screens first (onDeleted), then the story's own
 * reads are dropped and every list reads again, so nothing re-reads a story that is gone.
 */
export function useDeleteStory() {
  return useDeleteEntity({
    path: (id) => `/api/stories/${id}`,
    queryKey: storyKey,
    // The row leaves the lists at once; the lists then read again.
    onDeleted: (queryClient, id) =>
      queryClient.setQueriesData({ queryKey: ['/api/stories'] }, (data: unknown) =>
        Array.isArray(data) ? data.filter((story: { id: number }) => story.id !== id) : withoutItems<{ id: number }>(data, (story) => story.id === id),
      ),
  });
}
