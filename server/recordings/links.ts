import { eq, inArray } from 'drizzle-orm';
import type { Actor } from '../access/actor.ts';
import { load, loadAll } from '../access/loaders.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { people, places, recordingPeople, recordingPlaces, recordings, stories } from '../db/schema.ts';
import { placeInStory } from './place-in-story.ts';
import type { RecordingLinks } from './presenter.ts';

type RecordingRow = ResourceRows['recording'];
type RecordingToChange = Authorized<RecordingRow, 'update'>;

/** The people, places and story of each recording, read in three queries whatever the count. */
export async function linksOf(db: Database, rows: Pick<RecordingRow, 'id' | 'storyId'>[]): Promise<Map<number, RecordingLinks>> {
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

/** Links the recording to exactly these people; each must be one the actor may change. */
export async function setRecordingPeople(db: Database, actor: Actor, recording: RecordingToChange, peopleIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const linked = await loadAll(tx, actor, 'person', peopleIds, 'update');
    await tx.delete(recordingPeople).where(eq(recordingPeople.recordingId, recording.id));
    if (linked.length) await tx.insert(recordingPeople).values(linked.map((person) => ({ recordingId: recording.id, personId: person.id })));
  });
}

/** Links the recording to exactly these places; each must be one the actor may change. */
export async function setRecordingPlaces(db: Database, actor: Actor, recording: RecordingToChange, placeIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const linked = await loadAll(tx, actor, 'place', placeIds, 'update');
    await tx.delete(recordingPlaces).where(eq(recordingPlaces.recordingId, recording.id));
    if (linked.length) await tx.insert(recordingPlaces).values(linked.map((place) => ({ recordingId: recording.id, placeId: place.id })));
  });
}

/** Moves a recording to the end of a story the actor may add to, or out of any story. */
export async function setRecordingStory(db: Database, actor: Actor, recording: RecordingToChange, storyId: number | null): Promise<void> {
  if (storyId === recording.storyId) return;
  await db.transaction(async (tx) => {
    const orderIndex = storyId === null ? 0 : await placeInStory(tx, await load(tx, actor, 'story', storyId, 'addRecording'));
    await tx.update(recordings).set({ storyId, orderIndex, updatedAt: new Date() }).where(eq(recordings.id, recording.id));
  });
}
