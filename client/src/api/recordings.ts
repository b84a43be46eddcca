import { useDataChanged } from './dataChanged.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Language } from '../../../contract/languages.ts';
import { recordingSchema, recordingSummarySchema, recordingWithLinksSchema, type RecordingWithLinksDto } from '../../../contract/library.ts';
import { CACHE_MS } from '../../../contract/timings.ts';
import { ApiRequestError, apiRequest, getJson } from './request.ts';
import type { TemporalFields } from '../time/timePeriod.ts';

/** The recordings in no story: kept for later, or taken out of their story (newest first, as list cards). */
export function useRecordingsWithoutStory() {
  return useQuery({
    queryKey: ['/api/recordings', { unassigned: true }] as const,
    queryFn: async () => recordingSummarySchema.array().parse(await getJson<unknown>('/api/recordings?unassigned=true')),
    staleTime: CACHE_MS.stories,
  });
}

/** What a recording is linked to: its story, people and places (spec 2, "Recording detail"). */
export interface LinkSelection {
  storyId: number | null;
  peopleIds: number[];
  placeIds: number[];
}

/** A recording with its people, places, story and answered question. */
export const recordingWithLinksKey = (id: number) => ['/api/recordings', id, 'with-people-places'] as const;

export function useRecordingWithLinks(id: number | null) {
  return useQuery({
    queryKey: recordingWithLinksKey(id ?? 0),
    queryFn: async () => recordingWithLinksSchema.parse(await getJson<unknown>(`/api/recordings/${id}/with-people-places`)),
    enabled: id !== null,
    staleTime: CACHE_MS.stories,
  });
}

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

const personSchema = z.looseObject({ id: z.number(), name: z.string(), relationship: z.string().nullable().optional() });
const placeSchema = z.looseObject({ id: z.number(), name: z.string(), type: z.string().nullable().optional() });
export type PersonEntry = z.infer<typeof personSchema>;
export type PlaceEntry = z.infer<typeof placeSchema>;

/** The user's people, on the same cache entry as the recording screen's (preloaded after sign-in). */
export const peopleQuery = (language: Language) =>
  queryOptions({
    queryKey: ['/api/people', { language }] as const,
    queryFn: () => fetchExistingEntries('/api/people', language),
    staleTime: CACHE_MS.people,
  });

/** The user's places, on the same cache entry as the recording screen's. */
export const placesQuery = (language: Language) =>
  queryOptions({
    queryKey: ['/api/places', { language }] as const,
    queryFn: () => fetchExistingEntries('/api/places', language),
    staleTime: CACHE_MS.places,
  });

/** People with their relationship; an unreadable body counts as none. */
export function usePeople(language: Language) {
  return useQuery({
    ...peopleQuery(language),
    select: (body: unknown): PersonEntry[] => z.array(personSchema).safeParse(body).data ?? [],
  });
}

/** Places with their type; an unreadable body counts as none. */
export function usePlaces(language: Language) {
  return useQuery({
    ...placesQuery(language),
    select: (body: unknown): PlaceEntry[] => z.array(placeSchema).safeParse(body).data ?? [],
  });
}

/** After a recording changed: keep the server's answer, then every list and detail reads again (spec 7.1). */
function useRecordingChanged(id: number) {
  const queryClient = useQueryClient();
  const recordingsChanged = useDataChanged();
  return (recording?: RecordingWithLinksDto) => {
    if (recording) queryClient.setQueryData(recordingWithLinksKey(id), recording);
    recordingsChanged();
  };
}

/** Saves an edited transcription. */
export function useUpdateTranscription(id: number) {
  const changed = useRecordingChanged(id);
  return useMutation({
    mutationFn: async (transcription: string) =>
      recordingSchema.parse(await apiRequest('PATCH', `/api/recordings/${id}/transcription`, { transcription })),
    onSuccess: () => changed(),
  });
}

/**
 * Queues the recording for transcription again; it comes back "uploaded" and its status is
 * polled. A transcript corrected by hand is refused (409 transcript_corrected) unless
 * `replaceCorrected` says the person agreed to lose the corrections.
 */
export function useRetranscribe(id: number) {
  return useMutation({
    mutationFn: async (options?: { replaceCorrected?: boolean }) =>
      recordingSchema.parse(
        await apiRequest('POST', `/api/recordings/${id}/retranscribe`, options?.replaceCorrected ? { replaceCorrected: true } : undefined),
      ),
  });
}

/** The code of the refusal to re-transcribe a transcript corrected by hand. */
export const TRANSCRIPT_CORRECTED = 'transcript_corrected';

/** Saves the parts of the links that changed (story, people, places), one call each; answers the last state. */
export function useSaveRecordingLinks(id: number) {
  const changed = useRecordingChanged(id);
  return useMutation({
    mutationFn: async (changes: Partial<LinkSelection>) => {
      let latest: unknown;
      if (changes.storyId !== undefined) {
        latest = await apiRequest('PATCH', `/api/recordings/${id}/story`, { storyId: changes.storyId });
      }
      if (changes.peopleIds) latest = await apiRequest('PATCH', `/api/recordings/${id}/people`, { peopleIds: changes.peopleIds });
      if (changes.placeIds) latest = await apiRequest('PATCH', `/api/recordings/${id}/places`, { placeIds: changes.placeIds });
      return recordingWithLinksSchema.parse(latest);
    },
    onSuccess: changed,
    // A part may have been saved before another failed: read the truth again.
    onError: () => changed(),
  });
}

/** Saves when the recording happened; all null clears it. */
export function useSaveRecordingTime(id: number) {
  const changed = useRecordingChanged(id);
  return useMutation({
    mutationFn: async (fields: TemporalFields) =>
      recordingWithLinksSchema.parse(await apiRequest('PATCH', `/api/recordings/${id}/temporal-context`, fields)),
    onSuccess: changed,
  });
}

/** Deletes a recording; the caller leaves its screen first, then its reads are dropped and the lists read again. */
export function useDeleteRecording() {
  const queryClient = useQueryClient();
  const recordingsChanged = useDataChanged();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/recordings/${id}`),
    onSuccess: (_body, id) => {
      setTimeout(() => {
        queryClient.removeQueries({ queryKey: ['/api/recordings', id] });
        recordingsChanged();
      }, 0);
    },
  });
}
