import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { places, recordingPlaces, recordings } from '../db/schema.ts';

/** The user's places by name, with mentions counted from the recordings they are linked to. */
export async function listPlaces(db: Database, userId: string) {
  const rows = await db
    .select({
      id: places.id,
      name: places.name,
      type: places.type,
      description: places.description,
      significance: places.significance,
      language: places.language,
      userId: places.userId,
      mentionCount: sql<number>`count(${recordings.id})::int`,
      lastMentioned: sql<Date | null>`max(${recordings.createdAt})`,
    })
    .from(places)
    .leftJoin(recordingPlaces, eq(recordingPlaces.placeId, places.id))
    .leftJoin(recordings, eq(recordings.id, recordingPlaces.recordingId))
    .where(eq(places.userId, userId))
    .groupBy(places.id)
    .orderBy(asc(places.name));
  return rows.map((row) => ({
    ...row,
    mentionCount: Number(row.mentionCount),
    lastMentioned: row.lastMentioned ? new Date(row.lastMentioned).toISOString() : null,
  }));
}
