import { and, asc, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import { SESSION_COOKIE } from '../http/session-cookie.ts';
import { sessionCache } from './session-cache.ts';
import { newSecretToken, secretTokenHash } from '../http/secret-tokens.ts';

/** The session cookie's name (the HTTP layer asks for it too). */
export { SESSION_COOKIE };

export type UserRow = typeof users.$inferSelect;

/**
 * How stale a session's last-used time may get: it is written when a request reads the
 * session from the database and finds it older than this, so a busy session costs one
 * write every few minutes rather than one a request.
 */
export const SESSION_LAST_USED_STEP_MS = 5 * 60 * 1000;

export type SessionRow = typeof sessions.$inferSelect;

export interface SessionCacheOptions {
  /** How long a server may go on trusting a session it read (0: read on every request). */
  ttlMs: number;
  maxEntries: number;
}

/**
 * Session storage: the cookie holds a random token, the database only its hash. Lookups are
 * remembered for `cache.ttlMs`; what ends a session or changes its user goes through here,
 * so this server forgets it at once (decision 021).
 */
export function sessionStore(db: Database, sessionDays: number, cacheOptions: SessionCacheOptions = { ttlMs: 0, maxEntries: 1 }) {
  const lifetimeMs = sessionDays * 24 * 60 * 60 * 1000;
  const cache = sessionCache<UserRow>(cacheOptions);
  // A token's hash, remembered for the sessions the cache holds: hashing is a few µs of every request.
  const hashes = new LRUCache<string, string>({ max: cacheOptions.maxEntries });
  const idOf = (token: string) => {
    const known = hashes.get(token);
    if (known) return known;
    const id = secretTokenHash(token);
    hashes.set(token, id);
    return id;
  };
  async function endById(id: string): Promise<void> {
    cache.forgetSession(id);
    await db.delete(sessions).where(eq(sessions.id, id));
    // Again once deleted: a lookup that read the row meanwhile must not cache it.
    cache.forgetSession(id);
  }

  return {
    lifetimeMs,

    async create(userId: string, userAgent: string | undefined): Promise<string> {
      const token = newSecretToken();
      await db.insert(sessions).values({
        id: secretTokenHash(token),
        userId,
        userAgent: userAgent?.slice(0, 300),
        expiresAt: new Date(Date.now() + lifetimeMs),
      });
      return token;
    },

    /** The user of a live session, or null for an unknown or expired token. */
    async findUser(token: string): Promise<UserRow | null> {
      const id = idOf(token);
      const cached = cache.get(id);
      if (cached) return cached;
      const generation = cache.generation();
      const [row] = await db
        .select({ user: users, expiresAt: sessions.expiresAt, lastUsedAt: sessions.lastUsedAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), isNull(users.deletionStartedAt)))
        .limit(1);
      if (!row) return null;
      if (Date.now() - row.lastUsedAt.getTime() >= SESSION_LAST_USED_STEP_MS) {
        await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, id));
      }
      cache.remember(id, row.user, row.expiresAt, generation);
      return row.user;
    },

    async destroy(token: string): Promise<void> {
      await endById(secretTokenHash(token));
    },

    /** The user's live sessions, the one of `token` (marked `current`) first, then the most recently used. */
    async listOf(userId: string, token: string | null): Promise<Array<SessionRow & { current: boolean }>> {
      const currentId = token ? idOf(token) : null;
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.lastUsedAt), asc(sessions.number));
      const listed = rows.map((row) => ({ ...row, current: row.id === currentId }));
      return [...listed.filter((row) => row.current), ...listed.filter((row) => !row.current)];
    },

    /** Ends one session (a device signed out from the list); its owner was checked by the policy. */
    async end(session: SessionRow): Promise<void> {
      await endById(session.id);
    },

    /** Ends every session of the user but the one of `token` ("Sign out on all other devices"). */
    async endOthers(userId: string, token: string): Promise<void> {
      cache.forgetUser(userId);
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, idOf(token))));
      cache.forgetUser(userId);
    },

    /** Whether the session of `token` is the given one. */
    isCurrent: (session: SessionRow, token: string | null): boolean => token !== null && session.id === idOf(token),

    /** A user's sessions were ended elsewhere (a password reset) or their row changed: read them afresh. */
    forgetUser(userId: string): void {
      cache.forgetUser(userId);
    },

    async deleteExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;

/** Cookie settings: httpOnly, SameSite=Lax, Secure whenever the site is served over https. */
export function sessionCookieOptions(request: FastifyRequest, site: Pick<SiteOrigin, 'overHttps'>, maxAgeMs: number) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: site.overHttps(request), path: '/', maxAge: Math.floor(maxAgeMs / 1000), signed: true };
}

/** The token of the request's session cookie if it is correctly signed; `checked` remembers cookies already found so. */
export function readSessionToken(request: FastifyRequest, checked?: { get(raw: string): string | undefined; set(raw: string, token: string): unknown }): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const known = checked?.get(raw);
  if (known) return known;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  checked?.set(raw, unsigned.value);
  return unsigned.value;
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * Signs the browser in with a new session. A session its cookie already names is ended
 * first: a token planted in the browser, or left there by someone else, never becomes a
 * signed-in one, and each sign-in leaves one session behind it.
 */
export async function startNewSession(
  sessions: SessionStore,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  site: Pick<SiteOrigin, 'overHttps'>,
): Promise<void> {
  const previous = readSessionToken(request);
  if (previous) await sessions.destroy(previous);
  const token = await sessions.create(userId, request.headers['user-agent']);
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request, site, sessions.lifetimeMs));
}
