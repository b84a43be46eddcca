import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { autobiographies, listeningLinks, stories } from '../db/schema.ts';
import { newSecretToken, secretTokenHash } from '../http/secret-tokens.ts';

/*
 * A private listening link (issue 30): the address a printed book's QR code opens, so anyone
 * holding the book hears that story in the teller's voice without an account, until the owner
 * turns the book's links off. Only the token's SHA-256 is kept (decision 028): the token itself
 * is printed in the book and nowhere else.
 */

/** What newSecretToken makes: 32 bytes in base64url. Anything else names no link and is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type LinkRow = typeof listeningLinks.$inferSelect;

/** The page a book's QR code opens (the print job makes it absolute with the site's origin). */
export const listeningPath = (token: string) => `/listen/${token}`;

/**
 * Mints a new link to one story of the owner's book and returns its token (a new one per call:
 * only the hash is stored, so an earlier token cannot be given again). The story and the book
 * must both be the owner's.
 */
export async function mintListeningLink(db: Database, link: { userId: string; autobiographyId: number; storyId: number }): Promise<string> {
  const [book] = await db
    .select({ id: autobiographies.id })
    .from(autobiographies)
    .where(and(eq(autobiographies.id, link.autobiographyId), eq(autobiographies.userId, link.userId)));
  const [story] = await db.select({ id: stories.id }).from(stories).where(and(eq(stories.id, link.storyId), eq(stories.userId, link.userId)));
  if (!book || !story) throw new Error(`No listening link: book ${link.autobiographyId} or story ${link.storyId} is not user ${link.userId}'s`);
  const token = newSecretToken();
  await db.insert(listeningLinks).values({ ...link, tokenHash: secretTokenHash(token) });
  return token;
}

/** Turns off every live link of the book at once (a printed copy's codes stop playing); how many were live. */
export async function revokeListeningLinks(db: Database, autobiographyId: number): Promise<number> {
  const revoked = await db
    .update(listeningLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(listeningLinks.autobiographyId, autobiographyId), isNull(listeningLinks.revokedAt)))
    .returning({ id: listeningLinks.id });
  return revoked.length;
}

/** How many of the book's links still play. */
export async function activeListeningLinks(db: Database, autobiographyId: number): Promise<number> {
  const [row] = await db
    .select({ live: count() })
    .from(listeningLinks)
    .where(and(eq(listeningLinks.autobiographyId, autobiographyId), isNull(listeningLinks.revokedAt)));
  return row?.live ?? 0;
}

/** The live link this token opens, or undefined: malformed, unknown and revoked look alike. */
export async function liveListeningLink(db: Database, token: string): Promise<LinkRow | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select()
    .from(listeningLinks)
    .where(and(eq(listeningLinks.tokenHash, secretTokenHash(token)), isNull(listeningLinks.revokedAt)));
  return row;
}
