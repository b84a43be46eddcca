import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FamilyCommentView, FamilyQuestionView, FamilyResponsesView } from '../../../contract/family.ts';
import { apiRequest, getJson } from './request.ts';

// The storyteller's side of the family circle's responses (issue 28): what readers said
// about a story, the storyteller's answers, and the relatives' questions in the interviewer.

const responsesKey = (storyId: number) => ['/api/stories', storyId, 'responses'] as const;
const QUESTIONS_KEY = ['/api/interviewer', 'family-questions'] as const;

/** GET /api/stories/{id}/responses: the circle's comments, reactions and voice replies on the owner's story. */
export function useStoryResponses(storyId: number) {
  return useQuery({
    queryKey: responsesKey(storyId),
    queryFn: async () => (await getJson<FamilyResponsesView>(`/api/stories/${storyId}/responses`))!,
  });
}

/** POST /api/stories/{id}/comments: the storyteller answers under their own name. */
export function useAnswerComment(storyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiRequest<FamilyCommentView>('POST', `/api/stories/${storyId}/comments`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: responsesKey(storyId) }),
  });
}

/** DELETE /api/story-comments/{id}: any comment on the owner's story. */
export function useDeleteComment(storyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/story-comments/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: responsesKey(storyId) }),
  });
}

/** GET /api/interviewer/family-questions: the relatives' questions, unanswered first. */
export function useFamilyQuestions() {
  return useQuery({
    queryKey: QUESTIONS_KEY,
    queryFn: async () => (await getJson<FamilyQuestionView[]>('/api/interviewer/family-questions'))!,
  });
}

/** DELETE /api/family-questions/{id}: "Set aside", the question leaves the list (and the asker's). */
export function useSetQuestionAside() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/family-questions/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUESTIONS_KEY }),
  });
}
