import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FAMILY_COOKIE, FAMILY_SIGN_IN_DAYS } from '../../contract/family.ts';
import type { Database } from '../db/client.ts';
import { familySessions } from '../db/schema.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import { newSecretToken, secretTokenHash } from '../http/secret-tokens.ts';

const LIFETIME_MS = FAMILY_SIGN_IN_DAYS * 24 * 60 * 60 * 1000;
/** How stale a sign-in's last use may get before it is written again (as for account sessions). */
const LAST_USED_STEP_MS = 5 * 60 * 1000;

export const hashFamilyToken = secretTokenHash;

/** The token of the request's family cookie if it is correctly signed. */
export function readFamilyToken(request: FastifyRequest): string | null {
  const raw = request.cookies[FAMILY_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/**
 * Signs this device in as the reader of `memberId`: a device that already reads another circle
 * keeps its token and reads this one too; otherwise a new 32-byte random token, only its hash
 * stored. The sign-in lasts FAMILY_SIGN_IN_DAYS from its last use.
 */
export async function signInReader(db: Database, request: FastifyRequest, reply: FastifyReply, site: Pick<SiteOrigin, 'overHttps'>, memberId: number): Promise<void> {
  const existing = readFamilyToken(request);
  const live = existing ? await liveMemberIds(db, existing) : [];
  const token = live.length > 0 ? existing! : newSecretToken();
  await db
    .insert(familySessions)
    .values({ tokenHash: hashFamilyToken(token), memberId, expiresAt: new Date(Date.now() + LIFETIME_MS) })
    .onConflictDoNothing();
  reply.setCookie(FAMILY_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: site.overHttps(request),
    path: '/',
    maxAge: Math.floor(LIFETIME_MS / 1000),
    signed: true,
  });
}

/** The members a family token still reads for; its last use is written at most every few minutes. */
export async function liveMemberIds(db: Database, token: string): Promise<number[]> {
  const tokenHash = hashFamilyToken(token);
  const rows = await db
    .select({ memberId: familySessions.memberId, lastUsedAt: familySessions.lastUsedAt })
    .from(familySessions)
    .where(and(eq(familySessions.tokenHash, tokenHash), gt(familySessions.expiresAt, new Date())));
  const stale = rows.filter((row) => Date.now() - row.lastUsedAt.getTime() >= LAST_USED_STEP_MS).map((row) => row.memberId);
  if (stale.length > 0) {
    await db
      .update(familySessions)
      .set({ lastUsedAt: new Date(), expiresAt: new Date(Date.now() + LIFETIME_MS) })
      .where(and(eq(familySessions.tokenHash, tokenHash), inArray(familySessions.memberId, stale)));
  }
  return rows.map((row) => row.memberId);
}

/** "Sign out on this device": ends the device's family sign-in for every circle it reads. */
export async function endFamilySignIn(db: Database, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = readFamilyToken(request);
  if (token) await db.delete(familySessions).where(eq(familySessions.tokenHash, hashFamilyToken(token)));
  reply.clearCookie(FAMILY_COOKIE, { path: '/' });
}

export async function deleteExpiredFamilySignIns(db: Database): Promise<void> {
  await db.delete(familySessions).where(lt(familySessions.expiresAt, new Date()));
}
