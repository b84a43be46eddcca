import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CACHE_MS, TIMINGS } from '../../../contract/timings.ts';
import { getJson } from '../api/request.ts';
import { isStoryWritten } from './storyProgress.ts';

/** The fields of GET /api/stories/{id} this client reads; others are kept as sent. */
export const storySchema = z.looseObject({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  language: z.string(),
  processingStatus: z.string(),
  promptQuestion: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type Story = z.infer<typeof storySchema>;

/** The cache key of a story, shared by every screen that reads it. */
export const storyKey = (id: number) => ['/api/stories', id] as const;

/** A story, re-read every 2 s until it is written (spec 7.12). */
export function useStory(id: number | null) {
  return useQuery({
    queryKey: storyKey(id ?? 0),
    queryFn: async () => storySchema.parse(await getJson<unknown>(`/api/stories/${id}`)),
    enabled: id !== null,
    staleTime: CACHE_MS.stories,
    refetchInterval: (query) => {
      const story = query.state.data;
      if (query.state.status === 'error' || (story && isStoryWritten(story))) return false;
      return TIMINGS.statusPollMs;
    },
  });
}
