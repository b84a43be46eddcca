import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { people, places, recordingPeople, recordingPlaces, recordings, stories } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
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

/** The ids among `ids` that are the user's people (or places); a foreign or unknown id is a 404. */
async function requireOwned(
  db: Pick<Database, 'select'>,
  table: typeof people | typeof places,
  userId: string,
  ids: number[],
): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), inArray(table.id, wanted)));
  if (rows.length !== wanted.length) throw notFound(table === people ? 'Person not found' : 'Place not found');
  return wanted;
}

/** Links the recording to exactly these people of the user. */
export async function setRecordingPeople(db: Database, userId: string, recordingId: number, peopleIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const owned = await requireOwned(tx, people, userId, peopleIds);
    await tx.delete(recordingPeople).where(eq(recordingPeople.recordingId, recordingId));
    if (owned.length) await tx.insert(recordingPeople).values(owned.map((personId) => ({ recordingId, personId })));
  });
}

/** Links the recording to exactly these places of the user. */
export async function setRecordingPlaces(db: Database, userId: string, recordingId: number, placeIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const owned = await requireOwned(tx, places, userId, placeIds);
    await tx.delete(recordingPlaces).where(eq(recordingPlaces.recordingId, recordingId));
    if (owned.length) await tx.insert(recordingPlaces).values(owned.map((placeId) => ({ recordingId, placeId })));
  });
}

/**
 * Moves a recording to the end of one of the user's stories, or out of any story. A
 * written story that gains it is marked as having new recordings.
 */
export async function setRecordingStory(db: Database, userId: string, recording: RecordingRow, storyId: number | null): Promise<void> {
  if (storyId === recording.storyId) return;
  await db.transaction(async (tx) => {
    let orderIndex = 0;
    if (storyId !== null) {
      const [story] = await tx
        .select({ id: stories.id, processingStatus: stories.processingStatus })
        .from(stories)
        .where(and(eq(stories.id, storyId), eq(stories.userId, userId)))
        .for('update');
      if (!story) throw notFound('Story not found');
      orderIndex = await nextOrderIndex(tx, storyId);
      if (story.processingStatus !== 'processing') {
        await tx.update(stories).set({ hasNewRecordings: true, updatedAt: new Date() }).where(eq(stories.id, storyId));
      }
    }
    await tx.update(recordings).set({ storyId, orderIndex, updatedAt: new Date() }).where(eq(recordings.id, recording.id));
  });
}

/** The place after a story's last recording. */
export async function nextOrderIndex(db: Pick<Database, 'select'>, storyId: number): Promise<number> {
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${recordings.orderIndex}) + 1, 0)` })
    .from(recordings)
    .where(eq(recordings.storyId, storyId));
  return Number(next);
}
