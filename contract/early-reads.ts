/**
 * What a page reads first, by its address: the client starts these beside its code
 * (client/src/api/earlyReads.ts), and the server names them in the page's HTML so the
 * browser asks even before that code has come (server/http/page-preloads.ts). No imports:
 * the client's first chunk carries this.
 */

/** Every load of the app asks who is signed in (main.tsx). */
export const SESSION_CHECK_URL = '/api/auth/user';

/** The library's filter counts (GET /api/stories/counts). */
export const STORY_COUNTS_URL = '/api/stories/counts';

/**
 * Only the library's (its first page and its counts), which the phone benchmark measures;
 * the page's address is GET /api/stories?filter= as client/src/api/stories.ts builds it (an
 * unknown filter's early read is simply not taken: the page reads "all"). None for a search.
 */
export function firstReadsFor(pathname: string, search: string): string[] {
  const params = new URLSearchParams(search);
  if (pathname !== '/library' || params.has('q')) return [];
  return [`/api/stories?${new URLSearchParams({ filter: params.get('filter') ?? 'all' })}`, STORY_COUNTS_URL];
}
