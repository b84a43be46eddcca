import { and, eq } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { recordings, stories } from './db/schema.ts';
import { notFound } from './http/errors.ts';

/**
 * Loads a row only when it belongs to the signed-in user; anything else is a 404,
 * so another user's ids are indistinguishable from ids that do not exist.
 */
export async function ownedStory(db: Database, userId: string, id: number) {
  const [row] = await db.select().from(stories).where(and(eq(stories.id, id), eq(stories.userId, userId))).limit(1);
  if (!row) throw notFound('Story not found');
  return row;
}

export async function ownedRecording(db: Database, userId: string, id: number) {
  const [row] = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.id, id), eq(recordings.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Recording not found');
  return row;
}
