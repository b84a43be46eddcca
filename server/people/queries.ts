import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { people, recordingPeople, recordings } from '../db/schema.ts';

/** The user's people by name, with mentions counted from the recordings they are linked to. */
export async function listPeople(db: Database, userId: string) {
  const rows = await db
    .select({
      id: people.id,
      name: people.name,
      relationship: people.relationship,
      characterization: people.characterization,
      language: people.language,
      userId: people.userId,
      mentionCount: sql<number>`count(${recordings.id})::int`,
      lastMentioned: sql<Date | null>`max(${recordings.createdAt})`,
    })
    .from(people)
    .leftJoin(recordingPeople, eq(recordingPeople.personId, people.id))
    .leftJoin(recordings, eq(recordings.id, recordingPeople.recordingId))
    .where(eq(people.userId, userId))
    .groupBy(people.id)
    .orderBy(asc(people.name));
  return rows.map((row) => ({
    ...row,
    mentionCount: Number(row.mentionCount),
    lastMentioned: row.lastMentioned ? new Date(row.lastMentioned).toISOString() : null,
  }));
}
