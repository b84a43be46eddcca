import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONTRIBUTOR_KEY_HEADER,
  coAuthorTokenSchema,
  coAuthorViewSchema,
  contributionResultSchema,
  coAuthorPhotoResultSchema,
  type CoAuthorView,
} from '../../../contract/co-author.ts';
import { PHOTO_UPLOAD_FIELDS } from '../../../contract/photos.ts';
import { isTranscriptionPending } from '../../../contract/engines.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { apiRequest, getJson, throwIfNotOk } from './request.ts';

/** The story's sharing links (spec 7.4: GET /api/stories/{id}/co-author-tokens); one at most. */
const tokensKey = (storyId: number) => ['/api/stories', storyId, 'co-author-tokens'] as const;
const viewKey = (token: string) => ['/api/co-author', token] as const;
// Which contributions are "mine" depends on the key: a new key reads the page again.
const viewWithKey = (token: string, contributorKey: string | null) => [...viewKey(token), contributorKey ?? ''] as const;

export function useCoAuthorTokens(storyId: number) {
  return useQuery({
    queryKey: tokensKey(storyId),
    queryFn: async () => coAuthorTokenSchema.array().parse(await getJson<unknown>(`/api/stories/${storyId}/co-author-tokens`)),
  });
}

/** POST /api/stories/{id}/co-author-token (no body): the story's one link, made now. */
export function useCreateCoAuthorToken(storyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => coAuthorTokenSchema.parse(await apiRequest('POST', `/api/stories/${storyId}/co-author-token`)),
    // A read still under way (one a deletion just started) is older than this answer: it must not overwrite it.
    onSuccess: async (token) => {
      await queryClient.cancelQueries({ queryKey: tokensKey(storyId) });
      queryClient.setQueryData(tokensKey(storyId), [token]);
    },
  });
}

/** DELETE /api/co-author-tokens/{id}: the link stops working; what was added through it stays. */
export function useDeleteCoAuthorToken(storyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => apiRequest('DELETE', `/api/co-author-tokens/${tokenId}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tokensKey(storyId) }),
  });
}

/** The contributor key header, when this browser has one for the link. */
const keyHeaders = (contributorKey: string | null): Record<string, string> =>
  contributorKey ? { [CONTRIBUTOR_KEY_HEADER]: contributorKey } : {};

/** Whether any contribution is still on its way to a transcript. */
export const hasPendingContribution = (view: CoAuthorView | undefined): boolean =>
  view?.recordings.some((recording) => isTranscriptionPending(recording.processingStatus)) ?? false;

interface ViewOptions {
  contributorKey: string | null;
  /** False for a token that cannot be one: nothing is asked. */
  enabled: boolean;
  /** Re-read every 2 s while this holds for the last answer (spec 7.12). */
  poll: (view: CoAuthorView | undefined) => boolean;
}

/**
 * GET /api/co-author/{token} (public, with the browser's contributor key so its own
 * contributions are marked). A failure is not retried: the page shows the invalid-link view.
 */
export function useCoAuthorView(token: string, { contributorKey, enabled, poll }: ViewOptions) {
  return useQuery({
    queryKey: viewWithKey(token, contributorKey),
    queryFn: async () => {
      const response = await fetch(`/api/co-author/${encodeURIComponent(token)}`, {
        credentials: 'include',
        headers: keyHeaders(contributorKey),
      });
      await throwIfNotOk(response);
      return coAuthorViewSchema.parse(await response.json());
    },
    enabled,
    // The page stays on screen while it is read again under a new key.
    placeholderData: (previous) => previous,
    retry: false,
    refetchInterval: (query) => (query.state.status === 'success' && poll(query.state.data) ? TIMINGS.statusPollMs : false),
  });
}

export interface ContributionUpload {
  audio: Blob;
  fileName: string;
  contributorName: string;
  contributorKey: string | null;
}

/** POST /api/co-author/{token}/recordings: multipart audio and contributorName; answers the contribution and the key. */
export function useUploadContribution(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ audio, fileName, contributorName, contributorKey }: ContributionUpload) => {
      const form = new FormData();
      form.append('contributorName', contributorName);
      form.append('audio', audio, fileName);
      const response = await fetch(`/api/co-author/${encodeURIComponent(token)}/recordings`, {
        method: 'POST',
        credentials: 'include',
        headers: keyHeaders(contributorKey),
        body: form,
      });
      await throwIfNotOk(response);
      return contributionResultSchema.parse(await response.json());
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: viewKey(token) }),
  });
}

export interface ContributionDeletion {
  id: number;
  contributorName: string;
  contributorKey: string | null;
}

/**
 * DELETE /api/co-author/{token}/{recordings|photos}/{id} with {contributorName} and this
 * browser's key: a relative removes what they added, from the browser that added it.
 */
function useDeleteOwnAddition(token: string, what: 'recordings' | 'photos') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, contributorName, contributorKey }: ContributionDeletion) => {
      const response = await fetch(`/api/co-author/${encodeURIComponent(token)}/${what}/${id}`, {
        method: 'DELETE',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', ...keyHeaders(contributorKey) },
        body: JSON.stringify({ contributorName }),
      });
      await throwIfNotOk(response);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: viewKey(token) }),
  });
}

/** A relative deletes one of their recordings. */
export const useDeleteContribution = (token: string) => useDeleteOwnAddition(token, 'recordings');

export interface CoAuthorPhotoUpload {
  files: File[];
  caption: string;
  contributorName: string;
  contributorKey: string | null;
}

/** POST /api/co-author/{token}/photos: multipart photos, caption and contributorName; answers the photos and the key. */
export function useUploadCoAuthorPhotos(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, caption, contributorName, contributorKey }: CoAuthorPhotoUpload) => {
      const form = new FormData();
      // The name and caption before the files: the server checks the name before it reads an image.
      form.append(PHOTO_UPLOAD_FIELDS.contributorName, contributorName);
      if (caption.trim()) form.append(PHOTO_UPLOAD_FIELDS.caption, caption.trim());
      for (const file of files) form.append(PHOTO_UPLOAD_FIELDS.file, file, file.name);
      const response = await fetch(`/api/co-author/${encodeURIComponent(token)}/photos`, {
        method: 'POST',
        credentials: 'include',
        headers: keyHeaders(contributorKey),
        body: form,
      });
      await throwIfNotOk(response);
      return coAuthorPhotoResultSchema.parse(await response.json());
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: viewKey(token) }),
  });
}

/** A relative deletes one of their photos, like a recording. */
export const useDeleteCoAuthorPhoto = (token: string) => useDeleteOwnAddition(token, 'photos');
