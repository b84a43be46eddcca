import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { publishedStories, recordings } from '../db/schema.ts';
import type { BlobEntry, BlobStore } from '../storage/blob-store.ts';
import { isNarrationAudioKey, isRecordingAudioKey } from './audio-key.ts';

/** The kinds of stored audio, each with the column whose rows name its blobs. */
const AUDIO_KINDS = [
  { matches: isRecordingAudioKey, namedIn: recordings, column: recordings.audioKey },
  { matches: isNarrationAudioKey, namedIn: publishedStories, column: publishedStories.audioKey },
] as const;
type AudioKind = (typeof AUDIO_KINDS)[number];

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
  /** Recording and narration blobs old enough to be looked at. */
  examined: number;
  /** Of those, the ones no row named, now removed. */
  removed: number;
}

/**
 * Removes recording and narration audio that no row names (left by a crash between storing
 * the audio and committing the row, or by a write cut off half way), on the local or the
 * S3 store. Blobs younger than `minAgeMs` are never touched, so uploads and narrations in
 * flight are safe.
 */
export async function sweepOrphanAudio(db: Database, store: BlobStore, options: OrphanSweepOptions = {}): Promise<OrphanSweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? ORPHAN_AUDIO_MIN_AGE_MS);
  const result: OrphanSweepResult = { examined: 0, removed: 0 };
  const batches = new Map<AudioKind, BlobEntry[]>(AUDIO_KINDS.map((kind) => [kind, []]));
  const sweep = async (kind: AudioKind) => {
    const batch = batches.get(kind)!;
    result.removed += await removeUnnamed(db, store, kind, batch.map((b) => b.key));
    result.examined += batch.length;
    batches.set(kind, []);
  };
  for await (const entry of store.list('users/')) {
    const kind = AUDIO_KINDS.find((k) => k.matches(entry.key));
    if (!kind || entry.lastModified.getTime() > cutoff) continue;
    batches.get(kind)!.push(entry);
    if (batches.get(kind)!.length >= BATCH) await sweep(kind);
  }
  for (const kind of AUDIO_KINDS) if (batches.get(kind)!.length > 0) await sweep(kind);
  return result;
}

async function removeUnnamed(db: Database, store: BlobStore, kind: AudioKind, keys: string[]): Promise<number> {
  const named = await db.select({ key: kind.column }).from(kind.namedIn).where(inArray(kind.column, keys));
  const kept = new Set(named.map((row) => row.key));
  let removed = 0;
  for (const key of keys) {
    if (kept.has(key)) continue;
    await store.delete(key);
    removed += 1;
  }
  return removed;
}
