import { isPersonalCache, SESSION_CACHE, SESSION_KEY } from './cacheNames.ts';

/**
 * Who the service worker keeps reads for: the person the last answer naming the signed-in
 * user named (the session check, a sign-in). Someone else signing in, a sign-out or a 401
 * removes every other person's caches first, so nothing of one person is read by the next.
 */

let known: Promise<string | null> | undefined;

function userId(body: unknown): string | null {
  return typeof body === 'object' && body !== null && typeof (body as { id?: unknown }).id === 'string' ? (body as { id: string }).id : null;
}

/** The person of the kept answer, if any. */
async function keptReader(): Promise<string | null> {
  const kept = await (await caches.open(SESSION_CACHE)).match(SESSION_KEY);
  return kept ? userId(await kept.json().catch(() => null)) : null;
}

/** Asks the server who is signed in, and remembers (or forgets) accordingly; offline, the kept answer stands. */
async function askServer(): Promise<string | null> {
  const answer = await fetch(SESSION_KEY, { credentials: 'same-origin' }).catch(() => null);
  if (answer?.status === 401) {
    await forgetReader();
    return null;
  }
  if (!answer?.ok) return keptReader();
  const body: unknown = await answer.json().catch(() => null);
  await rememberReader(body);
  return userId(body);
}

/**
 * The signed-in person's id, or null (nobody, or not known on this device). A worker just
 * started takes the kept answer; with none (just installed: the page's own session check went
 * by before it), the server is asked.
 */
export function currentReader(): Promise<string | null> {
  known ??= keptReader()
    .then((kept) => kept ?? askServer())
    .catch(() => null);
  return known;
}

/**
 * A page of the app has just opened: the session may have changed hands since (a session ran
 * out and someone else signed in), so the server is asked again, and every read waits for its
 * answer before it is kept in anyone's cache.
 */
export function recheckReader(): void {
  known = askServer().catch(() => null);
}

async function dropPersonalCaches(besides?: string): Promise<void> {
  for (const name of await caches.keys()) if (isPersonalCache(name, besides)) await caches.delete(name);
}

/** `body` (a user, as the session check answers) is who is signed in now: kept for an offline start. */
export async function rememberReader(body: unknown): Promise<void> {
  const id = userId(body);
  if (id === null) return;
  known = Promise.resolve(id);
  await dropPersonalCaches(id);
  await (await caches.open(SESSION_CACHE)).put(SESSION_KEY, new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
}

/** Nobody is signed in: the session's copy and every person's caches go. */
export async function forgetReader(): Promise<void> {
  known = Promise.resolve(null);
  await caches.delete(SESSION_CACHE);
  await dropPersonalCaches();
}

/** The session check's last answer, to start offline as the person who was signed in. */
export async function keptSessionAnswer(): Promise<Response | undefined> {
  return (await caches.open(SESSION_CACHE)).match(SESSION_KEY);
}
