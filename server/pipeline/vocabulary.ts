import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { people, places } from '../db/schema.ts';

/** Names of the user's people and places: spelling hints for the transcriber and the writer. */
export async function userVocabulary(db: Database, userId: string): Promise<{ people: string[]; places: string[] }> {
  const [personRows, placeRows] = await Promise.all([
    db.select({ name: people.name }).from(people).where(eq(people.userId, userId)),
    db.select({ name: places.name }).from(places).where(eq(places.userId, userId)),
  ]);
  return { people: personRows.map((r) => r.name), places: placeRows.map((r) => r.name) };
}
