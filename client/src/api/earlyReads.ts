/**
 * Reads started before their screen asks for them: the library's first page beside the session
 * check, instead of after the app's code, the check and the page's render (on a phone the
 * code alone takes seconds). No imports: main.tsx's first chunk carries this.
 */
const early = new Map<string, { response: Promise<Response>; at: number }>();
/** An early read older than this is not taken (the data may have changed meanwhile). */
const KEPT_MS = 10_000;

/** Starts reading `url` now; the next takeEarly of the same address within a few seconds gets this answer. */
export function readEarly(url: string): void {
  if (early.has(url)) return;
  const response = fetch(url, { credentials: 'include' });
  // A failure is the screen's to report, when it takes the answer; unread, it is nobody's.
  response.catch(() => undefined);
  early.set(url, { response, at: Date.now() });
}

/** The early read of `url`, once (later reads ask again), if it is recent. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const read = early.get(url);
  early.delete(url);
  return read && Date.now() - read.at < KEPT_MS ? read.response : undefined;
}

/** The early read of `url` if it was answered well, else a read now (an early one refused before a sign-in is read again). */
export async function earlyOrFetch(url: string): Promise<Response> {
  const early = await takeEarly(url)?.catch(() => undefined);
  return early?.ok ? early : fetch(url, { credentials: 'include' });
}

/** The library's filter counts (GET /api/stories/counts). */
export const STORY_COUNTS_URL = '/api/stories/counts';

/**
 * What the screen at this address reads first, started now. Only the library's (its first
 * page and its counts), which the phone benchmark measures; the page's address is
 * GET /api/stories?filter= as stories.ts builds it (an unknown filter's early read is simply
 * not taken: the page reads "all").
 */
export function readEarlyFor(pathname: string, search: string): void {
  const params = new URLSearchParams(search);
  if (pathname !== '/library' || params.has('q')) return;
  readEarly(`/api/stories?${new URLSearchParams({ filter: params.get('filter') ?? 'all' })}`);
  readEarly(STORY_COUNTS_URL);
}
