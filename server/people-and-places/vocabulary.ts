import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { KINDS, type RecordKind } from './kinds.ts';

/**
 * Names of the user's people and places, and the labels linked to them: spelling hints for
 * the transcriber and the writer. A linked label is how the person says the name
 * ("Mummo", "the cottage"), so it helps as much as the record's own name.
 */
export async function userVocabulary(db: Database, userId: string): Promise<{ people: string[]; places: string[] }> {
  const [people, places] = await Promise.all([namesOf(db, 'person', userId), namesOf(db, 'place', userId)]);
  return { people, places };
}

/** The kind's names and linked labels, each once. */
async function namesOf(db: Database, kind: RecordKind, userId: string): Promise<string[]> {
  const { table, labels, labelOwner } = KINDS[kind];
  const [names, linked] = await Promise.all([
    db.select({ name: table.name }).from(table).where(eq(table.userId, userId)),
    db.select({ name: labels.label }).from(labels).innerJoin(table, eq(table.id, labelOwner)).where(eq(table.userId, userId)),
  ]);
  return [...new Set([...names, ...linked].map((row) => row.name))];
}
