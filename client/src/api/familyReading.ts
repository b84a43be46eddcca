import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { FamilyCircleView } from '../../../contract/family.ts';
import type { FamilyChapterView, FamilyLibraryItem, FamilyStoryView } from '../../../contract/family-reading.ts';
import type { Language } from '../../../contract/languages.ts';
import { fetchListPage, listUrl, loadedItems, type ListPage } from './pagination.ts';
import { ApiRequestError, apiRequest, getJson } from './request.ts';
import type { z } from 'zod';

/**
 * What a family reader's pages read (server/family/reading, and the circle routes of
 * server/family). Keys of their own under 'family': the same browser may be an owner whose
 * `/api/stories/{id}` answers are the owner's shape.
 */

/** A family call the server refused for want of a live sign-in: the reader was removed, or signed out. */
export const isSignedOut = (error: unknown) => error instanceof ApiRequestError && error.status === 401;
/** A link or an id that names nothing this reader may see. */
export const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** What GET /api/family/join/{token} tells before joining: who invites, and the name and language they chose. */
export interface FamilyInvitation {
  tellerName: string;
  name: string | null;
  language: Language;
}

export function useFamilyInvitation(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['family', 'join', token],
    queryFn: async () => (await getJson<FamilyInvitation>(`/api/family/join/${encodeURIComponent(token)}`))!,
    enabled,
  });
}

/** POST /api/family/join/{token}: the link is used up, this device reads the circle. */
export function useJoinFamily(token: string) {
  return useMutation({
    mutationFn: (body: { name: string; language: Language }) => apiRequest<{ circle: number }>('POST', `/api/family/join/${encodeURIComponent(token)}`, body),
  });
}

/** The circles this browser reads (GET /api/family/me). */
export function useFamilyCircles() {
  return useQuery({ queryKey: ['family', 'me'], queryFn: async () => (await getJson<FamilyCircleView[]>('/api/family/me'))! });
}

// The answers are read as the server sends them: the contract's interfaces (no zod schema for reader shapes).
const asIs = { parse: (value: unknown) => value } as unknown as z.ZodType<FamilyLibraryItem[]>;

/** Every shared story of a circle, newest first, a page at a time. */
export function useFamilyLibrary(circle: number | undefined) {
  return useInfiniteQuery({
    queryKey: ['family', 'library', circle ?? null],
    queryFn: ({ pageParam }) => fetchListPage(pageParam, asIs),
    initialPageParam: listUrl('/api/family/library', { circle }),
    getNextPageParam: (page: ListPage<FamilyLibraryItem>) => page.next,
  });
}
export { loadedItems };

export function useFamilyChapters(circle: number | undefined) {
  return useQuery({
    queryKey: ['family', 'chapters', circle ?? null],
    queryFn: async () => (await getJson<FamilyChapterView[]>(listUrl('/api/family/chapters', { circle })))!,
  });
}

/** A shared story in the reading shape; an owner opening their own gets their own shape (no `reading`). */
export function useFamilyStory(id: number) {
  return useQuery({
    queryKey: ['family', 'story', id],
    queryFn: async () => (await getJson<FamilyStoryView | { reading?: undefined; id: number }>(`/api/stories/${id}`))!,
  });
}
