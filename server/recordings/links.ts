import { eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../access/actor.ts';
import { load, loadAll } from '../access/loaders.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { recordingPeople, recordingPlaces, recordings } from '../db/schema.ts';
import { givePhotoToStory } from './about-photo.ts';
import { placeInStory } from './place-in-story.ts';
import type { RecordingLinks } from './presenter.ts';

type RecordingRow = ResourceRows['recording'];
type RecordingToChange = Authorized<RecordingRow, 'update'>;

/**
 * What a recording's links are: its people and places (oldest first) and its story, as one JSON
 * value of the row of `"recordings"` being read. The one rule for them (decision 023): a list
 * selects it in its own query (lookups on the link tables' primary keys and `stories_pkey`, for
 * the rows returned only), `linksOf` for rows already read. Spelt out with aliases: drizzle
 * writes a selected column unqualified, and a bare "id" inside would be ambiguous.
 */
export const recordingLinks = sql<RecordingLinks>`json_build_object(
  'people', coalesce((select json_agg(json_build_object('id', p."id", 'name', p."name", 'relationship', p."relationship") order by p."id")
    from "recording_people" rp join "people" p on p."id" = rp."person_id" where rp."recording_id" = "recordings"."id"), '[]'),
  'places', coalesce((select json_agg(json_build_object('id', p."id", 'name', p."name", 'type', p."type") order by p."id")
    from "recording_places" rp join "places" p on p."id" = rp."place_id" where rp."recording_id" = "recordings"."id"), '[]'),
  'story', (select json_build_object('id', s."id", 'title', s."title") from "stories" s where s."id" = "recordings"."story_id"))`;

/** The links of recordings already read, in one query whatever their count. */
export async function linksOf(db: Database, rows: Pick<RecordingRow, 'id'>[]): Promise<Map<number, RecordingLinks>> {
  if (rows.length === 0) return new Map();
  const read = await db
    .select({ id: recordings.id, links: recordingLinks })
    .from(recordings)
    .where(inArray(recordings.id, rows.map((r) => r.id)));
  const byId = new Map(read.map((r) => [r.id, r.links]));
  // A row deleted since it was read has no links left.
  return new Map(rows.map((r) => [r.id, byId.get(r.id) ?? { people: [], places: [], story: null }]));
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
    // A recording told about a photo brings the photo to the story it joins.
    if (storyId !== null && recording.aboutPhotoId !== null) await givePhotoToStory(tx, recording.aboutPhotoId, storyId);
  });
}
