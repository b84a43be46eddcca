import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Language } from '../../../contract/languages.ts';
import { recordingSummarySchema, storySummarySchema } from '../../../contract/library.ts';
import {
  labelListSchema,
  personDetailSchema,
  personSchema,
  placeDetailSchema,
  placeSchema,
  type PersonCreateBody,
  type PersonDetailDto,
  type PersonDto,
  type PlaceCreateBody,
  type PlaceDetailDto,
  type PlaceDto,
} from '../../../contract/people-places.ts';
import { CACHE_MS, TIMINGS } from '../../../contract/timings.ts';
import { useDataChanged } from './dataChanged.ts';
import { listUrl, pagedListQuery } from './pagination.ts';
import { apiRequest, getJson } from './request.ts';
import { useDeleteEntity } from './useDeleteEntity.ts';

/** Which list a person or place screen works on: the path prefix of its calls. */
export type EntryKind = 'person' | 'place';
const BASE: Record<EntryKind, '/api/people' | '/api/places'> = { person: '/api/people', place: '/api/places' };

export type PersonEntry = PersonDto;
export type PlaceEntry = PlaceDto;
export type PersonDetail = PersonDetailDto;
export type PlaceDetail = PlaceDetailDto;

/** The user's people (GET /api/people), on one cache entry for every screen (preloaded after sign-in). */
export const peopleQuery = (language: Language) =>
  queryOptions({
    queryKey: ['/api/people', { language }] as const,
    queryFn: async () => personSchema.array().parse(await getJson<unknown>(`/api/people?language=${language}`)),
    staleTime: CACHE_MS.people,
  });

/** The user's places (GET /api/places), on one cache entry for every screen. */
export const placesQuery = (language: Language) =>
  queryOptions({
    queryKey: ['/api/places', { language }] as const,
    queryFn: async () => placeSchema.array().parse(await getJson<unknown>(`/api/places?language=${language}`)),
    staleTime: CACHE_MS.places,
  });

export function usePeople(language: Language) {
  return useQuery(peopleQuery(language));
}

export function usePlaces(language: Language) {
  return useQuery(placesQuery(language));
}

/** GET /api/people/unlinked-labels or /api/places/unlinked-labels: names in stories with no record. */
export const unlinkedLabelsQuery = (kind: EntryKind, language: Language) =>
  queryOptions({
    queryKey: [BASE[kind], 'unlinked-labels', { language }] as const,
    queryFn: async () => labelListSchema.parse(await getJson<unknown>(`${BASE[kind]}/unlinked-labels?language=${language}`)),
    staleTime: CACHE_MS.unlinkedLabels,
  });

export function useUnlinkedLabels(kind: EntryKind, language: Language) {
  return useQuery(unlinkedLabelsQuery(kind, language));
}

/** GET /api/people/{id}: the person; read every 2 s while their information is being refreshed. */
export function usePerson(id: number) {
  return useQuery({
    queryKey: ['/api/people', id] as const,
    queryFn: async () => personDetailSchema.parse(await getJson<unknown>(`/api/people/${id}`)),
    refetchInterval: (query) => (query.state.data?.refreshing ? TIMINGS.statusPollMs : false),
  });
}

/** GET /api/places/{id}: the place; read every 2 s while its information is being refreshed. */
export function usePlace(id: number) {
  return useQuery({
    queryKey: ['/api/places', id] as const,
    queryFn: async () => placeDetailSchema.parse(await getJson<unknown>(`/api/places/${id}`)),
    refetchInterval: (query) => (query.state.data?.refreshing ? TIMINGS.statusPollMs : false),
  });
}

/** GET /api/{people|places}/{id}/recordings: the recordings about this record, as list cards. */
export function useEntryRecordings(kind: EntryKind, id: number) {
  return useQuery({
    queryKey: [BASE[kind], id, 'recordings'] as const,
    queryFn: async () => recordingSummarySchema.array().parse(await getJson<unknown>(`${BASE[kind]}/${id}/recordings`)),
    // A new recording is transcribed in the background: read again until its text is there.
    refetchInterval: (query) =>
      query.state.data?.some((r) => r.processingStatus === 'uploaded' || r.processingStatus === 'transcribing') ? TIMINGS.statusPollMs : false,
  });
}

/** How many story cards a person or place page shows at first, and adds with each "Show more". */
export const ENTRY_STORIES_PAGE = 10;

/** GET /api/{people|places}/{id}/stories: the stories that mention this record, newest first, a page at a time. */
export function useEntryStories(kind: EntryKind, id: number) {
  const url = listUrl(`${BASE[kind]}/${id}/stories`, { limit: ENTRY_STORIES_PAGE });
  return useInfiniteQuery(pagedListQuery([BASE[kind], id, 'stories'] as const, url, z.array(storySummarySchema), CACHE_MS.stories));
}

/** What the person form sends (spec 7.9): a blank characterization as null. */
export type PersonBody = PersonCreateBody;
/** What the place form sends (spec 7.10): blank fields left out. */
export type PlaceBody = PlaceCreateBody;

/** How a save reaches the server: POST creates, PATCH from the list, PUT from the detail (spec 7.9, 7.10). */
export type SaveCall = { method: 'POST' } | { method: 'PATCH' | 'PUT'; id: number };

/** Creates or updates a person or place; the lists and details read again. */
export function useSaveEntry(kind: EntryKind) {
  const changed = useDataChanged();
  return useMutation({
    mutationFn: ({ call, body }: { call: SaveCall; body: PersonBody | PlaceBody }) =>
      call.method === 'POST'
        ? apiRequest<unknown>('POST', BASE[kind], body)
        : apiRequest<unknown>(call.method, `${BASE[kind]}/${call.id}`, body),
    onSuccess: changed,
  });
}

/** DELETE /api/{people|places}/{id}. */
export function useDeleteEntry(kind: EntryKind) {
  return useDeleteEntity({ path: (id) => `${BASE[kind]}/${id}`, queryKey: (id) => [BASE[kind], id] });
}

/** POST /api/{people|places}/{id}/link-labels with a group of labels. */
export function useLinkLabels(kind: EntryKind) {
  const changed = useDataChanged();
  return useMutation({
    mutationFn: ({ id, labels }: { id: number; labels: string[] }) => apiRequest('POST', `${BASE[kind]}/${id}/link-labels`, { labels }),
    onSuccess: changed,
  });
}

/** POST /api/{people|places}/{id}/refresh-info: rebuild the enriched information from every recording. */
export function useRefreshInfo(kind: EntryKind, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', `${BASE[kind]}/${id}/refresh-info`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [BASE[kind], id] }),
  });
}

/** A recording about a person or place: WAV audio and what it is about (spec 3, upload forms). */
export interface EntryRecordingUpload {
  audio: Blob;
  language: Language;
  appLanguage: Language;
}

/** POST /api/{people|places}/{id}/recordings: multipart with recording.wav. */
export function useUploadEntryRecording(kind: EntryKind, id: number) {
  const changed = useDataChanged();
  return useMutation({
    mutationFn: ({ audio, language, appLanguage }: EntryRecordingUpload) => {
      const form = new FormData();
      form.append('language', language);
      form.append('contextType', kind);
      form.append('contextId', String(id));
      form.append('appLanguage', appLanguage);
      // Files last: the server reads the fields before the audio streams.
      form.append('audio', audio, 'recording.wav');
      return apiRequest('POST', `${BASE[kind]}/${id}/recordings`, form);
    },
    onSuccess: changed,
  });
}
