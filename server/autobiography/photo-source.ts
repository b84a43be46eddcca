// TEMPORARY until the photos core is merged: the same names and shapes as server/photos/ exports.
import type { Readable } from 'node:stream';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { photos, recordings } from '../db/schema.ts';
import { photoKey } from '../photos/photo-keys.ts';
import type { BlobStore } from '../storage/index.ts';

type PhotoRow = typeof photos.$inferSelect;

export async function photosOfStory(db: Database, storyId: number): Promise<PhotoRow[]> {
  const own = await db.select().from(photos).where(eq(photos.storyId, storyId)).orderBy(asc(photos.position), asc(photos.id));
  const takes = await db.select({ id: recordings.id }).from(recordings).where(eq(recordings.storyId, storyId)).orderBy(asc(recordings.orderIndex), asc(recordings.id));
  if (takes.length === 0) return own;
  const theirs = await db.select().from(photos).where(inArray(photos.recordingId, takes.map((t) => t.id)));
  const order = new Map(takes.map((t, i) => [t.id, i]));
  theirs.sort((a, b) => order.get(a.recordingId!)! - order.get(b.recordingId!)! || a.position - b.position || a.id - b.id);
  return [...own, ...theirs];
}

export async function readPhotoCopy(store: BlobStore, row: PhotoRow, size: 'thumb' | 'display'): Promise<{ stream: Readable; type: string }> {
  const blob = await store.get(photoKey(row.userId, row.id, size));
  if (!blob) throw new Error(`photo ${row.id} ${size} missing`);
  return { stream: blob.body, type: 'image/jpeg' };
}
