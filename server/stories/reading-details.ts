import { asc, eq, inArray } from 'drizzle-orm';
import type { FamilyPeriod } from '../../contract/family-reading.ts';
import type { TemporalType } from '../../contract/temporal.ts';
import type { FamilyReaderActor } from '../access/actor.ts';
import { can } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { chapters, people, photos, places, recordingPeople, recordingPlaces, recordings, stories } from '../db/schema.ts';

type Reader = Pick<Database, 'select'>;
type StoryRow = typeof stories.$inferSelect;

/**
 * What goes with shared stories when a reader sees them: their chapter, the names their
 * recordings give, their cover. Every lookup starts from ids the reader's `shared` sets hold
 * (server/family/shared-with.ts decided them) or is checked with the access policies: nothing
 * here decides on its own what a reader may see.
 */

/** When the story happened, for the reader. */
export const periodOf = (row: Pick<StoryRow, 'temporalType' | 'specificDate' | 'month' | 'year' | 'endYear' | 'timelineYear'>): FamilyPeriod => ({
  temporalType: row.temporalType as TemporalType | null,
  specificDate: row.specificDate,
  month: row.month,
  year: row.year,
  endYear: row.endYear,
  timelineYear: row.timelineYear,
});

/** The titles of the reader's shared chapters among these ids. */
export async function chapterTitles(db: Reader, reader: FamilyReaderActor, chapterIds: (number | null)[]): Promise<Map<number, string>> {
  const ids = [...new Set(chapterIds)].filter((id): id is number => id !== null && reader.shared.chapterIds.has(id));
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: chapters.id, title: chapters.title }).from(chapters).where(inArray(chapters.id, ids));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The names of the people and places each shared story's recordings name, alphabetically. */
export async function namesOfStories(db: Reader, reader: FamilyReaderActor, storyIds: number[]): Promise<Map<number, { people: string[]; places: string[] }>> {
  const ids = storyIds.filter((id) => reader.shared.storyIds.has(id));
  const names = new Map(ids.map((id) => [id, { people: new Set<string>(), places: new Set<string>() }]));
  if (ids.length === 0) return new Map();
  const [personRows, placeRows] = await Promise.all([
    db
      .select({ storyId: recordings.storyId, id: people.id, name: people.name })
      .from(recordingPeople)
      .innerJoin(recordings, eq(recordings.id, recordingPeople.recordingId))
      .innerJoin(people, eq(people.id, recordingPeople.personId))
      .where(inArray(recordings.storyId, ids)),
    db
      .select({ storyId: recordings.storyId, id: places.id, name: places.name })
      .from(recordingPlaces)
      .innerJoin(recordings, eq(recordings.id, recordingPlaces.recordingId))
      .innerJoin(places, eq(places.id, recordingPlaces.placeId))
      .where(inArray(recordings.storyId, ids)),
  ]);
  for (const row of personRows) if (reader.shared.personIds.has(row.id)) names.get(row.storyId!)?.people.add(row.name);
  for (const row of placeRows) if (reader.shared.placeIds.has(row.id)) names.get(row.storyId!)?.places.add(row.name);
  const sorted = (set: Set<string>) => [...set].sort((a, b) => a.localeCompare(b));
  return new Map([...names].map(([id, { people: p, places: l }]) => [id, { people: sorted(p), places: sorted(l) }]));
}

/** Of these photo ids, those the reader may see (the photo policy: a photo of a shared story). */
export async function readablePhotoIds(db: Reader, reader: FamilyReaderActor, photoIds: (number | null)[]): Promise<Set<number>> {
  const ids = [...new Set(photoIds)].filter((id): id is number => id !== null).map(Number);
  if (ids.length === 0) return new Set();
  const rows = await db.select().from(photos).where(inArray(photos.id, ids)).orderBy(asc(photos.id));
  return new Set(rows.filter((row) => can(reader, 'read', 'photo', row)).map((row) => row.id));
}
