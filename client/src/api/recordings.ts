import { useDataChanged } from './dataChanged.ts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordingSchema, recordingSummarySchema, recordingWithLinksSchema, type RecordingWithLinksDto } from '../../../contract/library.ts';
import { CACHE_MS } from '../../../contract/timings.ts';
import { apiRequest, getJson } from './request.ts';
import { useDeleteEntity } from './useDeleteEntity.ts';
import { listUrl, pagedListQuery } from './pagination.ts';
import type { TemporalFields } from '../time/timePeriod.ts';

/** The recordings in no story: kept for later, or taken out of their story (newest first, as list cards, 50 a page). */
export const recordingsWithoutStoryQuery = () =>
  pagedListQuery(
    ['/api/recordings', 'list', { unassigned: true }] as const,
    listUrl('/api/recordings', { unassigned: true }),
    recordingSummarySchema.array(),
    CACHE_MS.stories,
  );

export function useRecordingsWithoutStory() {
  return useInfiniteQuery(recordingsWithoutStoryQuery());
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

// The people and places lists live with the people screens' calls; re-exported for the screens that pick from them.
export { peopleQuery, placesQuery, usePeople, usePlaces, type PersonEntry, type PlaceEntry } from './people.ts';

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
  return useDeleteEntity({ path: (id) => `/api/recordings/${id}`, queryKey: (id) => ['/api/recordings', id] });
}
