import { firstReadsFor, SESSION_CHECK_URL } from '../../../contract/early-reads.ts';

/**
 * Reads started before their screen asks for them: the library's first page beside the session
 * check, instead of after the app's code, the check and the page's render (on a phone the
 * code alone takes seconds). Imports nothing else: main.tsx's first chunk carries this.
 */
/** An early read's answer, once its body has come: what a screen's first render can show at once. */
export interface EarlyAnswer {
  body: unknown;
  /** The `Link` header (a list's next page). */
  link: string | null;
}

interface EarlyRead {
  response: Promise<Response>;
  at: number;
  answer?: EarlyAnswer;
}

const early = new Map<string, EarlyRead>();
/** An early read older than this is not taken (the data may have changed meanwhile). */
const KEPT_MS = 10_000;

/** Starts reading `url` now; the next takeEarly of the same address within a few seconds gets this answer. */
export function readEarly(url: string): void {
  if (early.has(url)) return;
  const response = fetch(url, { credentials: 'include' });
  // A failure is the screen's to report, when it takes the answer; unread, it is nobody's.
  response.catch(() => undefined);
  const read: EarlyRead = { response, at: Date.now() };
  early.set(url, read);
  // Its body read as soon as it comes (usually well before the app's code): then the
  // screen's first render has the rows, instead of a render without them and another after.
  void response
    .then(async (answer) => {
      if (answer.ok) read.answer = { body: await answer.clone().json(), link: answer.headers.get('Link') };
    })
    .catch(() => undefined);
}

/** The session check (GET /api/auth/user), started as the page loads; the app reads its answer when its code has come. */
export function checkSession(): Promise<Response> {
  return fetch(SESSION_CHECK_URL, { credentials: 'include' });
}

/** The early read of `url` if its answer (a success) has come and is recent, once; else undefined, and the screen reads as usual. */
export function takeEarlyAnswer(url: string): EarlyAnswer | undefined {
  const read = early.get(url);
  if (!read?.answer || Date.now() - read.at >= KEPT_MS) return undefined;
  early.delete(url);
  return read.answer;
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

export { STORY_COUNTS_URL } from '../../../contract/early-reads.ts';

/** What the screen at this address reads first (contract/early-reads.ts), started now. */
export function readEarlyFor(pathname: string, search: string): void {
  for (const url of firstReadsFor(pathname, search)) readEarly(url);
}
