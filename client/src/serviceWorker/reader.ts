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

/**
 * The kept answer's person; with none (a worker just installed: the page's session check went
 * by before it), the server is asked once. Offline and unknown: nobody, nothing is kept.
 */
async function findReader(): Promise<string | null> {
  const kept = await (await caches.open(SESSION_CACHE)).match(SESSION_KEY);
  if (kept) return userId(await kept.json().catch(() => null));
  const answer = await fetch(SESSION_KEY, { credentials: 'same-origin' }).catch(() => null);
  if (!answer?.ok) return null;
  const body: unknown = await answer.json().catch(() => null);
  await rememberReader(body);
  return userId(body);
}

/** The signed-in person's id as last seen, or null (nobody, or not known on this device). */
export function currentReader(): Promise<string | null> {
  known ??= findReader().catch(() => null);
  return known;
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
