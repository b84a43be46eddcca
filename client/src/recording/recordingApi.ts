import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Language } from '../../../contract/languages.ts';
import type { TemporalContext } from '../../../contract/temporal.ts';
import { CACHE_MS, TIMINGS } from '../../../contract/timings.ts';
import {
  recordingStatusResponseSchema,
  recordingUploadResponseSchema,
  type RecordingUploadResponse,
} from '../../../contract/uploads.ts';
import { ApiRequestError, apiRequest, getJson } from '../api/request.ts';
import { storyKey } from '../stories/storyApi.ts';
import type { ExistingEntry } from './recordingContext.ts';
import { recordingForm, recordingUploadPath, type RecordingUpload } from './recordingUpload.ts';

/** Raises the spec's "stories or recordings changed" notification: their lists and details read again. */
export function useRecordingsChanged() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const path of ['/api/stories', '/api/recordings', '/api/timeline', '/api/people', '/api/places']) {
      void queryClient.invalidateQueries({ queryKey: [path] });
    }
  }, [queryClient]);
}

/** Uploads a new recording to the story it belongs to or to the general endpoint. */
export function useUploadRecording() {
  return useMutation({
    mutationFn: async (upload: RecordingUpload): Promise<RecordingUploadResponse> =>
      recordingUploadResponseSchema.parse(
        await apiRequest('POST', recordingUploadPath(upload.context), recordingForm(upload)),
      ),
  });
}

const isPending = (status: string | undefined) => status === undefined || status === 'uploaded' || status === 'transcribing';

/** A recording's transcription status, re-read every 2 s while uploaded or transcribing (spec 7.12). */
export function useRecordingStatus(recordingId: number | null) {
  return useQuery({
    queryKey: ['/api/recordings', recordingId ?? 0, 'status'],
    queryFn: async () => recordingStatusResponseSchema.parse(await getJson<unknown>(`/api/recordings/${recordingId}/status`)),
    enabled: recordingId !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.status !== 'error' && isPending(query.state.data?.processingStatus) ? TIMINGS.statusPollMs : false,
  });
}

/** Saves when a story happened (PUT /api/stories/{id}/temporal-context); the story reads again after. */
export function useSaveTemporalContext() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId, context }: { storyId: number; context: TemporalContext }) =>
      apiRequest('PUT', `/api/stories/${storyId}/temporal-context`, context),
    onSuccess: (_body, { storyId }) => {
      void queryClient.invalidateQueries({ queryKey: storyKey(storyId) });
      void queryClient.invalidateQueries({ queryKey: ['/api/timeline'] });
    },
  });
}

const entriesSchema = z.array(z.looseObject({ id: z.number(), name: z.string() }));

/**
 * The cached body of GET /api/people or /api/places (key [path, { language }]), shared by
 * every screen that reads them. Until those endpoints exist a 404 means "none yet".
 */
export async function fetchExistingEntries(path: '/api/people' | '/api/places', language: Language): Promise<unknown> {
  try {
    return (await getJson<unknown>(`${path}?language=${language}`)) ?? [];
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return [];
    throw error;
  }
}

/** The user's people or places for the context chooser; a new name can still be typed. */
export function useExistingEntries(kind: 'person' | 'place', language: Language, enabled: boolean) {
  const path = kind === 'person' ? '/api/people' : '/api/places';
  return useQuery({
    queryKey: [path, { language }],
    queryFn: () => fetchExistingEntries(path, language),
    select: (body): ExistingEntry[] => {
      const parsed = entriesSchema.safeParse(body);
      return parsed.success ? parsed.data.map(({ id, name }) => ({ id, name })) : [];
    },
    enabled,
    staleTime: kind === 'person' ? CACHE_MS.people : CACHE_MS.places,
  });
}
