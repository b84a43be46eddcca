import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Language } from '../../../contract/languages.ts';
import { recordingSummarySchema } from '../../../contract/library.ts';
import { CACHE_MS, TIMINGS } from '../../../contract/timings.ts';
import { useDataChanged } from './dataChanged.ts';
import { ApiRequestError, apiRequest, getJson } from './request.ts';

/** Which list a person or place screen works on: the path prefix of its calls. */
export type EntryKind = 'person' | 'place';
const BASE: Record<EntryKind, '/api/people' | '/api/places'> = { person: '/api/people', place: '/api/places' };

/**
 * The cached body of GET /api/people or /api/places (key [path, { language }]), shared by
 * every screen that reads them. A 404 (server without the endpoint) means "none yet".
 */
export async function fetchExistingEntries(path: '/api/people' | '/api/places', language: Language): Promise<unknown> {
  try {
    return (await getJson<unknown>(`${path}?language=${language}`)) ?? [];
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return [];
    throw error;
  }
}

// Loose: the lists carry more than every screen reads, and older servers less.
const mentions = {
  lastMentioned: z.string().nullable().optional(),
  mentionCount: z.number().optional(),
};
const personSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  relationship: z.string().nullable().optional(),
  characterization: z.string().nullable().optional(),
  ...mentions,
});
const placeSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  type: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  significance: z.string().nullable().optional(),
  ...mentions,
});
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

/** GET /api/people/unlinked-labels or /api/places/unlinked-labels: names in stories with no record. */
export const unlinkedLabelsQuery = (kind: EntryKind, language: Language) =>
  queryOptions({
    queryKey: [BASE[kind], 'unlinked-labels', { language }] as const,
    queryFn: async () => z.array(z.string()).parse(await getJson<unknown>(`${BASE[kind]}/unlinked-labels?language=${language}`)),
    staleTime: CACHE_MS.unlinkedLabels,
  });

export function useUnlinkedLabels(kind: EntryKind, language: Language) {
  return useQuery(unlinkedLabelsQuery(kind, language));
}

const personDetailSchema = personSchema.extend({ refreshing: z.boolean().optional(), enrichedInfo: z.unknown().optional() });
const placeDetailSchema = placeSchema.extend({ refreshing: z.boolean().optional(), enrichedInfo: z.unknown().optional() });
export type PersonDetail = z.infer<typeof personDetailSchema>;
export type PlaceDetail = z.infer<typeof placeDetailSchema>;

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

/** GET /api/{people|places}/{id}/linked-labels: the names in stories tied to this record. */
export function useLinkedLabels(kind: EntryKind, id: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [BASE[kind], id, 'linked-labels'] as const,
    queryFn: async () => z.array(z.string()).parse(await getJson<unknown>(`${BASE[kind]}/${id}/linked-labels`)),
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

/** What the person form sends (spec 7.9). */
export interface PersonBody {
  name: string;
  relationship: string | null;
  characterization: string | null;
  language: Language;
}

/** What the place form sends (spec 7.10); empty fields are left out. */
export interface PlaceBody {
  name: string;
  type?: string;
  description?: string;
  significance?: string;
  language: Language;
}

/** How a save reaches the server: POST creates, PATCH from the list, PUT from the detail (spec 7.9, 7.10). */
export type SaveCall = { method: 'POST' } | { method: 'PATCH' | 'PUT'; id: number };

/** Creates or updates a person or place; the lists and details read again. */
export function useSaveEntry(kind: EntryKind) {
  const changed = useDataChanged();
  return useMutation({
    mutationFn: ({ call, body }: { call: SaveCall; body: (PersonBody | PlaceBody) & { userId?: string } }) =>
      call.method === 'POST'
        ? apiRequest<unknown>('POST', BASE[kind], body)
        : apiRequest<unknown>(call.method, `${BASE[kind]}/${call.id}`, body),
    onSuccess: changed,
  });
}

/** DELETE /api/{people|places}/{id}. */
export function useDeleteEntry(kind: EntryKind) {
  const queryClient = useQueryClient();
  const changed = useDataChanged();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `${BASE[kind]}/${id}`),
    onSuccess: (_body, id) => {
      // After the screen has left: its detail read is dropped, not read again into a 404.
      setTimeout(() => {
        queryClient.removeQueries({ queryKey: [BASE[kind], id] });
        changed();
      }, 0);
    },
  });
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
