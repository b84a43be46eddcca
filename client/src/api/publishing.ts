import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type NarrationState,
  type PublicStory,
  publicStorySchema,
  type PublishBody,
  type PublishedStatus,
  publishedStatusSchema,
  publishResultSchema,
} from '../../../contract/publishing.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { engineReadinessQuery } from './engines.ts';
import { apiRequest, getJson } from './request.ts';

/** The narration states in which the job is still at work. */
const NARRATION_WORKING: readonly NarrationState[] = ['waiting', 'generating', 'finalizing'];

/** Whether the narration job is still at work, so the card reads the status again every 2 s. */
export function narrationInProgress(narration: NarrationState | undefined): boolean {
  return narration !== undefined && NARRATION_WORKING.includes(narration);
}

/** Under the story's key, so the "stories changed" notification (an edit) reads it again: isOutdated follows. */
export const publishedStatusKey = (storyId: number) => ['/api/stories', storyId, 'published-status'] as const;
const publicStoryKey = (slug: string) => ['/api/published', slug] as const;

/**
 * GET /api/stories/{id}/published-status: read again every 2 s while the narration is
 * being made (waiting, generating, finalizing), so the card's progress follows the job.
 */
export function usePublishedStatus(storyId: number) {
  return useQuery({
    queryKey: publishedStatusKey(storyId),
    queryFn: async () => publishedStatusSchema.parse(await getJson<unknown>(`/api/stories/${storyId}/published-status`)),
    // A failed read while the job works is asked again: the progress must not stop on one hiccup.
    refetchInterval: (query) => (narrationInProgress(query.state.data?.publishedStory?.narration) ? TIMINGS.statusPollMs : false),
  });
}

/** POST /api/stories/{id}/publish (spec 7.6): publishes or republishes; the card's state is the answer's. */
export function usePublishStory(storyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PublishBody) => publishResultSchema.parse(await apiRequest<unknown>('POST', `/api/stories/${storyId}/publish`, body)),
    onSuccess: (result) => {
      queryClient.setQueryData<PublishedStatus>(publishedStatusKey(storyId), { isPublished: true, publishedStory: result.publishedStory });
    },
  });
}

/** DELETE /api/published-stories/{id}: the public page is gone; the card offers publishing again. */
export function useUnpublishStory(storyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publishedStoryId: number) => apiRequest('DELETE', `/api/published-stories/${publishedStoryId}`),
    onSuccess: () => {
      queryClient.setQueryData<PublishedStatus>(publishedStatusKey(storyId), { isPublished: false, publishedStory: null });
      void queryClient.removeQueries({ queryKey: ['/api/published'] });
    },
  });
}

/**
 * GET /api/published/{slug} (public): the story on its public page. `initial` is the copy the
 * server rendered into the page, shown at once without asking.
 */
export function usePublicStory(slug: string, initial: PublicStory | null) {
  return useQuery({
    queryKey: publicStoryKey(slug),
    queryFn: async () => publicStorySchema.parse(await getJson<unknown>(`/api/published/${encodeURIComponent(slug)}`)),
    initialData: initial ?? undefined,
  });
}

/**
 * Which narrator the server uses (GET /api/engines; GET /api/health is for health only):
 * `local` speaks with its own voice per language, so the card does not offer OpenAI's
 * voices then; null while unknown.
 */
export function useNarratorAdapter(): 'local' | 'openai' | null {
  return useQuery(engineReadinessQuery).data?.narrator.adapter ?? null;
}
