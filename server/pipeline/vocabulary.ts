import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { people, personLabels, placeLabels, places } from '../db/schema.ts';

/**
 * Names of the user's people and places, and the labels linked to them: spelling hints for
 * the transcriber and the writer. A linked label is how the person says the name
 * ("Mummo", "the cottage"), so it helps as much as the record's own name.
 */
export async function userVocabulary(db: Database, userId: string): Promise<{ people: string[]; places: string[] }> {
  const [personRows, placeRows, personLabelRows, placeLabelRows] = await Promise.all([
    db.select({ name: people.name }).from(people).where(eq(people.userId, userId)),
    db.select({ name: places.name }).from(places).where(eq(places.userId, userId)),
    db.select({ name: personLabels.label }).from(personLabels).innerJoin(people, eq(people.id, personLabels.personId)).where(eq(people.userId, userId)),
    db.select({ name: placeLabels.label }).from(placeLabels).innerJoin(places, eq(places.id, placeLabels.placeId)).where(eq(places.userId, userId)),
  ]);
  const distinct = (rows: { name: string }[]) => [...new Set(rows.map((r) => r.name))];
  return { people: distinct([...personRows, ...personLabelRows]), places: distinct([...placeRows, ...placeLabelRows]) };
}
