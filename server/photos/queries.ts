import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { photos, recordings } from '../db/schema.ts';
import { HOME_COLUMNS, type HomeKind } from './photo-home.ts';
import type { PhotoRow } from './save-photos.ts';

type Reader = Pick<Database, 'select'>;

/** A home's photos in their order (position, then the order they came in). */
export function photosOf(db: Reader, kind: HomeKind, homeId: number): Promise<PhotoRow[]> {
  return db.select().from(photos).where(eq(HOME_COLUMNS[kind], homeId)).orderBy(asc(photos.position), asc(photos.id));
}

/**
 * Every photo a story shows: its own in their order, then its recordings' (in the story's
 * order of recordings, each recording's in theirs). The public page, the co-author page, the
 * books and the export read a story's photos through this.
 */
export async function photosOfStory(db: Reader, storyId: number): Promise<PhotoRow[]> {
  const own = await photosOf(db, 'story', storyId);
  const ofRecordings = await db
    .select({ photo: photos })
    .from(photos)
    .innerJoin(recordings, eq(photos.recordingId, recordings.id))
    .where(eq(recordings.storyId, storyId))
    .orderBy(asc(recordings.orderIndex), asc(recordings.id), asc(photos.position), asc(photos.id));
  return [...own, ...ofRecordings.map((row) => row.photo)];
}

/** The photos of several homes of one kind (a deletion's, before its rows cascade away). */
export function photosOfHomes(db: Reader, kind: HomeKind, homeIds: number[]): Promise<PhotoRow[]> {
  if (homeIds.length === 0) return Promise.resolve([]);
  return db.select().from(photos).where(inArray(HOME_COLUMNS[kind], homeIds));
}
