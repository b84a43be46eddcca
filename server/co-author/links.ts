import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CoAuthorTokenDto } from '../../contract/co-author.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { coAuthorTokens } from '../db/schema.ts';

type LinkRow = ResourceRows['coAuthorToken'];

/** 32 random bytes, base64url: 43 characters nobody guesses (COAUTHOR_TOKEN_PATTERN). */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/**
 * The story's one co-author link: the one it has, or a new one. Two quick presses get the
 * same link, the unique index on the story deciding which insert stands.
 */
export async function shareStory(db: Database, story: Authorized<ResourceRows['story'], 'update'>): Promise<{ link: LinkRow; created: boolean }> {
  const [created] = await db
    .insert(coAuthorTokens)
    .values({ userId: story.userId, storyId: story.id, token: newLinkToken() })
    .onConflictDoNothing({ target: coAuthorTokens.storyId })
    .returning();
  if (created) return { link: created, created: true };
  const [existing] = await linksOf(db, story);
  return { link: existing, created: false };
}

/** The story's links (none or one). */
export async function linksOf(db: Database, story: Authorized<ResourceRows['story'], 'update'>): Promise<LinkRow[]> {
  return db.select().from(coAuthorTokens).where(eq(coAuthorTokens.storyId, story.id));
}

/** Revokes the link: it stops working; the contributions made through it stay on the story (their token id becomes null). */
export async function revokeLink(db: Database, link: Authorized<LinkRow, 'delete'>): Promise<void> {
  await db.delete(coAuthorTokens).where(eq(coAuthorTokens.id, link.id));
}

/** A link as its owner sees it, with the co-author page's absolute address. */
export function presentLink(link: LinkRow, baseUrl: string): CoAuthorTokenDto {
  return { id: link.id, token: link.token, createdAt: link.createdAt.toISOString(), url: `${baseUrl}/co-author/${link.token}` };
}
