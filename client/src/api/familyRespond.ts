import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FamilyQuestionView, FamilyReaction, FamilyResponsesView } from '../../../contract/family.ts';
import { RECORDING_UPLOAD_FIELDS } from '../../../contract/uploads.ts';
import { ApiRequestError, apiRequest, formatErrorMessage, getJson, parseErrorBody } from './request.ts';

// What a relative does on a story and in the circle (issue 28): comments, reactions, voice
// replies and questions for the storyteller. The reader's own calls (server/family, reader scope).

// Under 'family' with the reading pages' answers: signing out on this device drops them all.
const responsesKey = (storyId: number) => ['family', 'responses', storyId] as const;

/** GET /api/family/stories/{id}/responses: comments (oldest first), reactions with counts, voice replies. */
export function useStoryResponses(storyId: number) {
  return useQuery({
    queryKey: responsesKey(storyId),
    queryFn: async () => (await getJson<FamilyResponsesView>(`/api/family/stories/${storyId}/responses`))!,
    retry: false,
  });
}

/** Every change to a story's responses reads them again (the server's counts and "mine" are the truth). */
function useResponsesChanged(storyId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: responsesKey(storyId) });
}

/**
 * A family call refused for want of a sign-in (the reader was removed, or this device signed out
 * elsewhere): the circles are read again, and the reading pages, refused too, show the
 * invalid-link view.
 */
/** Refused for want of a family sign-in: the page becomes the invalid-link view, which says it all. */
export const isFamilySignInLost = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

export function useFamilySignInLost() {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (isFamilySignInLost(error)) void queryClient.invalidateQueries({ queryKey: ['family', 'me'] });
    },
    [queryClient],
  );
}

/** POST /api/family/stories/{id}/comments `{ body }`. */
export function useAddComment(storyId: number) {
  const changed = useResponsesChanged(storyId);
  const signInLost = useFamilySignInLost();
  return useMutation({
    mutationFn: (body: string) => apiRequest('POST', `/api/family/stories/${storyId}/comments`, { body }),
    onSuccess: changed,
    onError: signInLost,
  });
}

/** DELETE /api/family/comments/{id}: the reader's own comment. */
export function useDeleteComment(storyId: number) {
  const changed = useResponsesChanged(storyId);
  const signInLost = useFamilySignInLost();
  return useMutation({
    mutationFn: (commentId: number) => apiRequest('DELETE', `/api/family/comments/${commentId}`),
    onSuccess: changed,
    onError: signInLost,
  });
}

/**
 * PUT /api/family/stories/{id}/reaction `{ reaction }` (one per reader: it replaces theirs),
 * or DELETE it (null: tapping one's own reaction again takes it back). The counts change on
 * screen at once and are put back when the server refuses.
 */
export function useSetReaction(storyId: number) {
  const queryClient = useQueryClient();
  const changed = useResponsesChanged(storyId);
  const signInLost = useFamilySignInLost();
  return useMutation({
    mutationFn: (reaction: FamilyReaction | null) =>
      reaction
        ? apiRequest('PUT', `/api/family/stories/${storyId}/reaction`, { reaction })
        : apiRequest('DELETE', `/api/family/stories/${storyId}/reaction`),
    onMutate: async (reaction) => {
      await queryClient.cancelQueries({ queryKey: responsesKey(storyId) });
      const before = queryClient.getQueryData<FamilyResponsesView>(responsesKey(storyId));
      if (before) queryClient.setQueryData(responsesKey(storyId), { ...before, reactions: withMyReaction(before.reactions, reaction) });
      return { before };
    },
    onError: (error, _reaction, context) => {
      if (context?.before) queryClient.setQueryData(responsesKey(storyId), context.before);
      signInLost(error);
    },
    onSettled: changed,
  });
}

type ReactionCount = FamilyResponsesView['reactions'][number];

/** The counts once the caller's reaction is `reaction` (or none): theirs moves, everyone else's stays. */
export function withMyReaction(reactions: readonly ReactionCount[], reaction: FamilyReaction | null): ReactionCount[] {
  const others = reactions.map((one) => (one.mine ? { ...one, count: one.count - 1, mine: false } : one));
  const next = reaction
    ? others.some((one) => one.reaction === reaction)
      ? others.map((one) => (one.reaction === reaction ? { ...one, count: one.count + 1, mine: true } : one))
      : [...others, { reaction, count: 1, mine: true }]
    : others;
  return next.filter((one) => one.count > 0);
}

export interface VoiceReplyUpload {
  storyId: number;
  audio: Blob;
  fileName: string;
  durationSeconds: number;
  /** When recording stopped. */
  recordedAt: Date;
  /** The share of the bytes sent so far, 0 to 1. */
  onProgress: (sent: number) => void;
}

/**
 * POST /api/family/stories/{id}/replies: the take as multipart (`duration`, `clientTimestamp`,
 * `userAgent`, then `audio`; the owner's choices of models and tone are not a reader's), like the
 * co-author page's recording; the server names it after the reader. XMLHttpRequest, not fetch:
 * only it reports an upload's progress. Errors are the same ApiRequestError as every call's.
 */
export function uploadVoiceReply({ storyId, audio, fileName, durationSeconds, recordedAt, onProgress }: VoiceReplyUpload): Promise<void> {
  const form = new FormData();
  // The recorder's own notes first, the audio last (the server reads the fields before the file).
  form.append(RECORDING_UPLOAD_FIELDS.duration, String(Math.round(durationSeconds)));
  form.append(RECORDING_UPLOAD_FIELDS.clientTimestamp, recordedAt.toISOString());
  form.append(RECORDING_UPLOAD_FIELDS.userAgent, navigator.userAgent);
  form.append(RECORDING_UPLOAD_FIELDS.audio, audio, fileName);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/family/stories/${storyId}/replies`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.responseText;
      if (request.status >= 200 && request.status < 300) return resolve();
      reject(new ApiRequestError(request.status, formatErrorMessage(request.status, request.statusText, body), parseErrorBody(body)));
    };
    // No answer at all (offline, the connection dropped): the network text, as with fetch.
    request.onerror = () => reject(new TypeError('The voice reply could not be sent'));
    request.send(form);
  });
}

/** A voice reply sent: the story's responses read again to show it with its player. */
export function useUploadVoiceReply(storyId: number) {
  const changed = useResponsesChanged(storyId);
  const signInLost = useFamilySignInLost();
  return useMutation({
    mutationFn: (upload: Omit<VoiceReplyUpload, 'storyId'>) => uploadVoiceReply({ ...upload, storyId }),
    onSuccess: changed,
    onError: signInLost,
  });
}

/** DELETE /api/family/replies/{id}: the reader's own voice reply. */
export function useDeleteVoiceReply(storyId: number) {
  const changed = useResponsesChanged(storyId);
  const signInLost = useFamilySignInLost();
  return useMutation({
    mutationFn: (replyId: number) => apiRequest('DELETE', `/api/family/replies/${replyId}`),
    onSuccess: changed,
    onError: signInLost,
  });
}

const questionsKey = (circle: number | null) => ['family', 'questions', circle] as const;

/** GET /api/family/questions?circle=: the questions this reader asked, each with the story that answers it once told. */
export function useMyQuestions(circle: number | null) {
  return useQuery({
    queryKey: questionsKey(circle),
    queryFn: async () =>
      (await getJson<FamilyQuestionView[]>(circle === null ? '/api/family/questions' : `/api/family/questions?circle=${circle}`))!,
    retry: false,
  });
}

/** POST /api/family/questions `{ text, circle? }`: a question for the storyteller. */
export function useAskQuestion(circle: number | null) {
  const queryClient = useQueryClient();
  const signInLost = useFamilySignInLost();
  return useMutation({
    mutationFn: (text: string) => apiRequest('POST', '/api/family/questions', circle === null ? { text } : { text, circle }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['family', 'questions'] }),
    onError: signInLost,
  });
}
