import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

export const SESSION_COOKIE = 'saaga_session';

export type UserRow = typeof users.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Session storage: the cookie holds a random token, the database only its hash. */
export function sessionStore(db: Database, sessionDays: number) {
  const lifetimeMs = sessionDays * 24 * 60 * 60 * 1000;
  return {
    lifetimeMs,

    async create(userId: string, userAgent: string | undefined): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({
        id: hashToken(token),
        userId,
        userAgent: userAgent?.slice(0, 300),
        expiresAt: new Date(Date.now() + lifetimeMs),
      });
      return token;
    },

    /** The user of a live session, or null for an unknown or expired token. */
    async findUser(token: string): Promise<UserRow | null> {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row?.user ?? null;
    },

    async destroy(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
    },

    async deleteExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;

/** Cookie settings: httpOnly, SameSite=Lax, Secure whenever the site is served over https. */
export function sessionCookieOptions(request: FastifyRequest, publicUrl: string | undefined, maxAgeMs: number) {
  const secure = publicUrl ? publicUrl.startsWith('https://') : request.protocol === 'https';
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', maxAge: Math.floor(maxAgeMs / 1000), signed: true };
}

export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
