import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { photos } from '../db/schema.ts';
import type { BlobStore } from '../storage/index.ts';
import { photoIdOfKey } from './photo-keys.ts';

/**
 * Copies younger than this are left alone: an upload stores a photo's copies a moment before
 * it commits the row that names them (recordings' audio waits as long).
 */
export const ORPHAN_PHOTO_MIN_AGE_MS = 60 * 60 * 1000;

const BATCH = 500;

/**
 * Removes every stored copy of a photo whose row is gone: left by a crash between storing
 * the copies and committing the row, between deleting a row (or its home) and its copies, or
 * by a refused upload whose clean-up failed. Answers how many blobs went.
 */
export async function sweepOrphanPhotos(db: Database, store: BlobStore, options: { minAgeMs?: number; now?: Date } = {}): Promise<number> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? ORPHAN_PHOTO_MIN_AGE_MS);
  let removed = 0;
  let batch: { key: string; id: number }[] = [];
  const sweep = async () => {
    const ids = [...new Set(batch.map((entry) => entry.id))];
    const kept = new Set((await db.select({ id: photos.id }).from(photos).where(inArray(photos.id, ids))).map((row) => row.id));
    for (const { key, id } of batch) {
      if (kept.has(id)) continue;
      await store.delete(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const entry of store.list('users/')) {
    const id = photoIdOfKey(entry.key);
    if (id === null || entry.lastModified.getTime() > cutoff) continue;
    batch.push({ key: entry.key, id });
    if (batch.length >= BATCH) await sweep();
  }
  if (batch.length > 0) await sweep();
  return removed;
}
