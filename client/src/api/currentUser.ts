import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { currentUserSchema, type CurrentUser } from '../../../contract/auth.ts';
import { CACHE_MS } from '../../../contract/timings.ts';
import type { Language } from '../../../contract/languages.ts';
import { apiRequest, getJson } from './request.ts';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const body = await getJson<unknown>(CURRENT_USER_KEY[0], 'returnNull');
  return body === null ? null : currentUserSchema.parse(body);
}

/** The signed-in user, or null when signed out (a 401 is "no user", not an error). */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    staleTime: CACHE_MS.currentUser,
  });
}

/** Puts a user the server just returned into the cache, so every screen sees it at once. */
export function storeCurrentUser(queryClient: QueryClient, body: unknown): CurrentUser {
  const user = currentUserSchema.parse(body);
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  return user;
}

/** Saves the user's language preference; the cached user is refreshed on success. */
export function useSaveLanguagePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => apiRequest('PUT', '/api/auth/language-preference', { language }),
    onSuccess: (body) => storeCurrentUser(queryClient, body),
  });
}

/** Saves the author name (an empty string clears it); the cached user is refreshed on success. */
export function useSaveAuthorName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (authorName: string) => apiRequest('PUT', '/api/auth/author-name', { authorName }),
    onSuccess: (body) => storeCurrentUser(queryClient, body),
  });
}
