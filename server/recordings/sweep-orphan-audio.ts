import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { recordings } from '../db/schema.ts';
import type { BlobEntry, BlobStore } from '../storage/blob-store.ts';
import { isRecordingAudioKey } from './audio-key.ts';

/**
 * Audio younger than this is left alone: an upload stores its audio a moment before it
 * commits the row that names it, and a local write in progress is a file too.
 */
export const ORPHAN_AUDIO_MIN_AGE_MS = 60 * 60 * 1000;

const BATCH = 500;

export interface OrphanSweepOptions {
  /** Only blobs last written longer ago than this are removed (default one hour). */
  minAgeMs?: number;
  now?: Date;
}

export interface OrphanSweepResult {
  /** Recording blobs old enough to be looked at. */
  examined: number;
  /** Of those, the ones no recording row named, now removed. */
  removed: number;
}

/**
 * Removes recording audio that no recording row names (left by a crash between storing
 * the audio and committing the row, or by a write cut off half way), on the local or the
 * S3 store. Blobs younger than `minAgeMs` are never touched, so uploads in flight are safe.
 */
export async function sweepOrphanAudio(db: Database, store: BlobStore, options: OrphanSweepOptions = {}): Promise<OrphanSweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? ORPHAN_AUDIO_MIN_AGE_MS);
  const result: OrphanSweepResult = { examined: 0, removed: 0 };
  let batch: BlobEntry[] = [];
  const sweep = async () => {
    result.removed += await removeUnnamed(db, store, batch.map((b) => b.key));
    result.examined += batch.length;
    batch = [];
  };
  for await (const entry of store.list('users/')) {
    if (!isRecordingAudioKey(entry.key) || entry.lastModified.getTime() > cutoff) continue;
    batch.push(entry);
    if (batch.length >= BATCH) await sweep();
  }
  if (batch.length > 0) await sweep();
  return result;
}

async function removeUnnamed(db: Database, store: BlobStore, keys: string[]): Promise<number> {
  const named = await db.select({ key: recordings.audioKey }).from(recordings).where(inArray(recordings.audioKey, keys));
  const kept = new Set(named.map((row) => row.key));
  let removed = 0;
  for (const key of keys) {
    if (kept.has(key)) continue;
    await store.delete(key);
    removed += 1;
  }
  return removed;
}
