import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { people, places, recordingPeople, recordingPlaces, recordings, stories } from '../db/schema.ts';
import type { RecordingLinks } from './presenter.ts';

type RecordingRow = typeof recordings.$inferSelect;

/** The people, places and story of each recording, read in three queries whatever the count. */
export async function linksOf(db: Database, rows: RecordingRow[]): Promise<Map<number, RecordingLinks>> {
  const ids = rows.map((r) => r.id);
  const storyIds = [...new Set(rows.map((r) => r.storyId).filter((id): id is number => id !== null))];
  const [personRows, placeRows, storyRows] = ids.length
    ? await Promise.all([
        db
          .select({ recordingId: recordingPeople.recordingId, id: people.id, name: people.name, relationship: people.relationship })
          .from(recordingPeople)
          .innerJoin(people, eq(people.id, recordingPeople.personId))
          .where(inArray(recordingPeople.recordingId, ids)),
        db
          .select({ recordingId: recordingPlaces.recordingId, id: places.id, name: places.name, type: places.type })
          .from(recordingPlaces)
          .innerJoin(places, eq(places.id, recordingPlaces.placeId))
          .where(inArray(recordingPlaces.recordingId, ids)),
        storyIds.length
          ? db.select({ id: stories.id, title: stories.title }).from(stories).where(inArray(stories.id, storyIds))
          : Promise.resolve([]),
      ])
    : [[], [], []];

  const storyById = new Map(storyRows.map((s) => [s.id, s]));
  const links = new Map<number, RecordingLinks>(
    rows.map((r) => [r.id, { people: [], places: [], story: r.storyId ? (storyById.get(r.storyId) ?? null) : null }]),
  );
  for (const { recordingId, ...person } of personRows) links.get(recordingId)!.people.push(person);
  for (const { recordingId, ...place } of placeRows) links.get(recordingId)!.places.push(place);
  return links;
}

/** Replaces a recording's people (or places) with the given ones, all of which must be the user's. */
export async function ownedIds(
  db: Pick<Database, 'select'>,
  table: typeof people | typeof places,
  userId: string,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), inArray(table.id, ids)));
  return rows.map((r) => r.id);
}
