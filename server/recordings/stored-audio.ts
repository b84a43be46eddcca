import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { recordings } from '../db/schema.ts';

type Reader = Pick<Database, 'select'>;

async function storedBytes(db: Reader, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ bytes: sql<string>`coalesce(sum(${recordings.sizeBytes}), 0)` }).from(recordings).where(where);
  return Number(row?.bytes ?? 0);
}

/**
 * The audio an account stores, summed from its recordings' sizes: what its stored-audio cap
 * counts (decision 029), for an upload and for an imported archive alike.
 */
export const storedAudioBytes = (db: Reader, userId: string) => storedBytes(db, eq(recordings.userId, userId));

/** The audio a co-author link has added to its story: what the link's own cap counts. */
export const storedContributionBytes = (db: Reader, link: { id: number; storyId: number }) =>
  storedBytes(db, and(eq(recordings.storyId, link.storyId), eq(recordings.coAuthorTokenId, link.id)));

/** The audio a family reader has added as voice replies: counted against a link's cap (LINK_AUDIO_MB). */
export const storedReplyBytes = (db: Reader, member: { id: number }) => storedBytes(db, eq(recordings.familyMemberId, member.id));
