import { inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { photos, recordings } from '../db/schema.ts';
import type { PhotoRow } from './save-photos.ts';

/** Homes about to be deleted, by kind. A story's recordings go with it, and so do their photos. */
export interface DeletedHomes {
  storyIds?: number[];
  recordingIds?: number[];
  personIds?: number[];
  placeIds?: number[];
}

/**
 * The photos whose rows go with these homes (the foreign keys cascade): read in the deleting
 * transaction before the delete, so that their copies can be removed from the store after it
 * commits (`deletePhotoBlobs`); a copy missed by a crash in between is the orphan sweep's.
 */
export async function photosGoingWith(tx: Pick<Database, 'select'>, homes: DeletedHomes): Promise<PhotoRow[]> {
  const conditions: SQL[] = [];
  const { storyIds = [], recordingIds = [], personIds = [], placeIds = [] } = homes;
  if (storyIds.length > 0) {
    conditions.push(inArray(photos.storyId, storyIds));
    conditions.push(inArray(photos.recordingId, tx.select({ id: recordings.id }).from(recordings).where(inArray(recordings.storyId, storyIds))));
  }
  if (recordingIds.length > 0) conditions.push(inArray(photos.recordingId, recordingIds));
  if (personIds.length > 0) conditions.push(inArray(photos.personId, personIds));
  if (placeIds.length > 0) conditions.push(inArray(photos.placeId, placeIds));
  if (conditions.length === 0) return [];
  return tx.select().from(photos).where(or(...conditions));
}
