import { and, eq } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { people, places, recordings, stories } from './db/schema.ts';
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

export async function ownedPerson(db: Database, userId: string, id: number) {
  const [row] = await db.select().from(people).where(and(eq(people.id, id), eq(people.userId, userId))).limit(1);
  if (!row) throw notFound('Person not found');
  return row;
}

export async function ownedPlace(db: Database, userId: string, id: number) {
  const [row] = await db.select().from(places).where(and(eq(places.id, id), eq(places.userId, userId))).limit(1);
  if (!row) throw notFound('Place not found');
  return row;
}
