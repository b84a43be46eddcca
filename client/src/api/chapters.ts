import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chapterSchema, orderChanges, type ChapterCreateBody, type ChapterDto, type ChapterUpdateBody } from '../../../contract/chapters.ts';
import { storySchema, storySummarySchema, type StoryDto } from '../../../contract/library.ts';
import { CACHE_MS } from '../../../contract/timings.ts';
import { useDataChanged } from './dataChanged.ts';
import { apiRequest, getJson } from './request.ts';
import { useDeleteEntity } from './useDeleteEntity.ts';
import { storyKey } from './stories.ts';

export type Chapter = ChapterDto;

/** The cache key of every chapter read: the stories-changed notification refreshes them all. */
const CHAPTERS = '/api/chapters';
const chaptersKey = [CHAPTERS, 'all'] as const;
const chapterKey = (id: number) => [CHAPTERS, id] as const;
const chapterStoriesKey = (id: number) => [CHAPTERS, id, 'stories'] as const;

/**
 * Every chapter of the user in their order, whatever language each was made in (GET
 * /api/chapters with no language filter, decision 013: a chapter never vanishes when the
 * interface language changes); preloaded after sign-in.
 */
export const chaptersQuery = () =>
  queryOptions({
    queryKey: chaptersKey,
    queryFn: async () => chapterSchema.array().parse(await getJson<unknown>(CHAPTERS)),
    staleTime: CACHE_MS.chapters,
  });

export function useChapters() {
  return useQuery(chaptersQuery());
}

/** One chapter with its counts (GET /api/chapters/{id}), whatever its language. */
export function useChapter(id: number | null) {
  return useQuery({
    queryKey: chapterKey(id ?? 0),
    queryFn: async () => chapterSchema.parse(await getJson<unknown>(`${CHAPTERS}/${id}`)),
    enabled: id !== null,
    staleTime: CACHE_MS.chapters,
  });
}

/** The chapter's stories in the chapter's order (GET /api/chapters/{id}/stories). */
export function useChapterStories(id: number) {
  return useQuery({
    queryKey: chapterStoriesKey(id),
    queryFn: async () => storySummarySchema.array().parse(await getJson<unknown>(`${CHAPTERS}/${id}/stories`)),
    staleTime: CACHE_MS.chapters,
  });
}

/** POST /api/chapters with {userId, title, description, orderIndex, language}. */
export function useCreateChapter() {
  const changed = useDataChanged();
  return useMutation({
    mutationFn: async (body: ChapterCreateBody) => chapterSchema.parse(await apiRequest('POST', CHAPTERS, body)),
    onSuccess: changed,
  });
}

/** PATCH /api/chapters/{id}: the chapter's own fields; its read is replaced by the answer. */
export function useUpdateChapter(id: number) {
  const queryClient = useQueryClient();
  const changed = useDataChanged();
  return useMutation({
    mutationFn: async (body: ChapterUpdateBody) => chapterSchema.parse(await apiRequest('PATCH', `${CHAPTERS}/${id}`, body)),
    onSuccess: (chapter) => {
      queryClient.setQueryData(chapterKey(id), chapter);
      changed();
    },
  });
}

/**
 * A new order of the chapters: the list shows it at once, then one PATCH per chapter whose
 * orderIndex changed. If any fails, the list is read again, so it shows the server's order.
 */
export function useReorderChapters() {
  const queryClient = useQueryClient();
  const changed = useDataChanged();
  return useMutation({
    mutationFn: async (ordered: Chapter[]) => {
      await Promise.all(
        orderChanges(ordered).map(({ id, orderIndex }) => apiRequest('PATCH', `${CHAPTERS}/${id}`, { orderIndex })),
      );
    },
    onMutate: (ordered) => {
      void queryClient.cancelQueries({ queryKey: chaptersKey });
      queryClient.setQueryData(
        chaptersKey,
        ordered.map((chapter, orderIndex) => ({ ...chapter, orderIndex })),
      );
    },
    onSettled: changed,
  });
}

/** DELETE /api/chapters/{id}: its stories stay, unassigned. The caller leaves the chapter's screens first. */
export function useDeleteChapter() {
  return useDeleteEntity({ path: (id) => `${CHAPTERS}/${id}`, queryKey: chapterKey });
}

/** PATCH /api/stories/{id}/chapter: a story into a chapter, or (null) out of any. */
export function useMoveStoryToChapter() {
  const queryClient = useQueryClient();
  const changed = useDataChanged();
  return useMutation({
    mutationFn: async ({ storyId, chapterId }: { storyId: number; chapterId: number | null }): Promise<StoryDto> =>
      storySchema.parse(await apiRequest('PATCH', `/api/stories/${storyId}/chapter`, { chapterId })),
    onSuccess: (story) => {
      queryClient.setQueryData(storyKey(story.id), story);
      // The library's In Collections / Unassigned counts and the chapters' counts read again.
      changed();
    },
  });
}
