import { useMutation, useQuery } from '@tanstack/react-query';
import {
  followUpPollInterval,
  followUpQuestionSchema,
  questionRefreshStateSchema,
  questionsExpectedSince,
  regenerateQuestionsResultSchema,
  unansweredQuestionSchema,
} from '../../../contract/follow-ups.ts';
import type { Language } from '../../../contract/languages.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { useDataChanged } from './dataChanged.ts';
import { apiRequest, getJson } from './request.ts';

const BASE = '/api/follow-up-questions';

/**
 * GET /api/stories/{id}/follow-up-questions. Read on the spec's cadence (7.12) while a new
 * (or newly rewritten) story's questions may still be coming, and every 2 s while a refresh runs.
 */
export function useStoryQuestions(story: { id: number; createdAt: string; generatedAt: string | null }, refreshing: boolean) {
  return useQuery({
    queryKey: [BASE, 'story', story.id] as const,
    queryFn: async () => followUpQuestionSchema.array().parse(await getJson<unknown>(`/api/stories/${story.id}/follow-up-questions`)),
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      if (refreshing) return TIMINGS.statusPollMs;
      return followUpPollInterval(questionsExpectedSince(story), query.state.data?.length ?? 0, Date.now());
    },
  });
}

/** GET /api/stories/{id}/follow-up-questions/refresh: when the questions job last finished; read every 2 s while a refresh runs. */
export function useQuestionRefreshState(storyId: number, waiting: boolean) {
  return useQuery({
    queryKey: [BASE, 'refresh', storyId] as const,
    queryFn: async () => questionRefreshStateSchema.parse(await getJson<unknown>(`/api/stories/${storyId}/follow-up-questions/refresh`)),
    enabled: waiting,
    staleTime: 0,
    refetchInterval: (query) => (waiting && query.state.status !== 'error' ? TIMINGS.statusPollMs : false),
  });
}

/** GET /api/follow-up-questions/unanswered?language=: the inspiration list, newest first. */
export function useUnansweredQuestions(language: Language) {
  return useQuery({
    queryKey: [BASE, 'unanswered', { language }] as const,
    queryFn: async () => unansweredQuestionSchema.array().parse(await getJson<unknown>(`${BASE}/unanswered?language=${language}`)),
  });
}

/** POST /api/follow-up-questions/{id}/answer with the story that answers it. */
export function useAnswerQuestion() {
  const changed = useDataChanged();
  return useMutation({
    mutationFn: ({ id, answerStoryId }: { id: number; answerStoryId: number }) =>
      apiRequest<unknown>('POST', `${BASE}/${id}/answer`, { answerStoryId }).then((body) => followUpQuestionSchema.parse(body)),
    onSuccess: changed,
  });
}

/** DELETE /api/follow-up-questions/{id}. */
export function useDeleteQuestion() {
  const changed = useDataChanged();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `${BASE}/${id}`),
    onSuccess: changed,
  });
}

/** POST /api/stories/{id}/regenerate-follow-up-questions (no body): new questions come in the background. */
export function useRegenerateQuestions(storyId: number) {
  return useMutation({
    mutationFn: async () => regenerateQuestionsResultSchema.parse(await apiRequest<unknown>('POST', `/api/stories/${storyId}/regenerate-follow-up-questions`)),
  });
}
