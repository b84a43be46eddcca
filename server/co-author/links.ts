import { newSecretToken, secretTokenHash } from '../http/secret-tokens.ts';
import { eq } from 'drizzle-orm';
import type { CoAuthorTokenDto } from '../../contract/co-author.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { coAuthorTokens } from '../db/schema.ts';

type LinkRow = ResourceRows['coAuthorToken'];

/** 32 random bytes, base64url: 43 characters nobody guesses (COAUTHOR_TOKEN_PATTERN). */
export const newLinkToken = newSecretToken;

/**
 * What the database keeps of a link's token: its SHA-256 in hex, as sessions keep theirs,
 * so a copy of the database opens no story (decision 028). Migration 0011 hashed the links
 * made before it the same way (`encode(sha256(convert_to(token, 'UTF8')), 'hex')`).
 */
export const hashLinkToken = secretTokenHash;

/**
 * The story's one co-author link: the one it has, or a new one, whose token is given this
 * once. Two quick presses get the same link, the unique index on the story deciding which
 * insert stands; the second learns it exists, not its token.
 */
export async function shareStory(
  db: Database,
  story: Authorized<ResourceRows['story'], 'update'>,
): Promise<{ link: LinkRow; created: boolean; token: string | null }> {
  const token = newLinkToken();
  const [created] = await db
    .insert(coAuthorTokens)
    .values({ userId: story.userId, storyId: story.id, tokenHash: hashLinkToken(token) })
    .onConflictDoNothing({ target: coAuthorTokens.storyId })
    .returning();
  if (created) return { link: created, created: true, token };
  const [existing] = await linksOf(db, story);
  return { link: existing, created: false, token: null };
}

/** The story's links (none or one). */
export async function linksOf(db: Database, story: Authorized<ResourceRows['story'], 'update'>): Promise<LinkRow[]> {
  return db.select().from(coAuthorTokens).where(eq(coAuthorTokens.storyId, story.id));
}

/** Revokes the link: it stops working; the contributions made through it stay on the story (their token id becomes null). */
export async function revokeLink(db: Database, link: Authorized<LinkRow, 'delete'>): Promise<void> {
  await db.delete(coAuthorTokens).where(eq(coAuthorTokens.id, link.id));
}

/**
 * A link as its owner sees it: with its token and the co-author page's absolute address
 * right after it was made, else only that it exists (only the token's hash is kept).
 */
export function presentLink(link: LinkRow, baseUrl: string, token: string | null = null): CoAuthorTokenDto {
  return { id: link.id, token, createdAt: link.createdAt.toISOString(), url: token === null ? null : `${baseUrl}/co-author/${token}` };
}
