import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { recordings } from '../db/schema.ts';
import type { Queue } from '../jobs/queue.ts';
import { enqueueTranscription } from '../pipeline/queues.ts';
import type { BlobStore } from '../storage/index.ts';
import { photosGoingWith } from '../photos/home-deletion.ts';
import { deletePhotoBlobs } from '../photos/photo-copies-store.ts';

type StoryRow = ResourceRows['story'];

/** A recording that has not moved for this long while uploaded or transcribing is stuck. */
export const STUCK_AFTER_MS = 10 * 60 * 1000;

/** How many of the story's recordings are still waiting for or in transcription. */
export async function pendingRecordings(db: Database, story: Authorized<StoryRow, 'read'>) {
  const pending = await db
    .select({ id: recordings.id })
    .from(recordings)
    .where(and(eq(recordings.storyId, story.id), inArray(recordings.processingStatus, ['uploaded', 'transcribing'])));
  return { hasPendingRecordings: pending.length > 0, pendingCount: pending.length };
}

/** Deletes the story's failed recordings and those stuck in transcription, with their audio and photos. */
export async function deleteStuckRecordings(db: Database, store: BlobStore, story: Authorized<StoryRow, 'update'>, now = new Date()) {
  const { stuck, photoRows } = await db.transaction(async (tx) => {
    const stuckOnes = and(
      eq(recordings.storyId, story.id),
      or(
        eq(recordings.processingStatus, 'failed'),
        and(inArray(recordings.processingStatus, ['uploaded', 'transcribing']), lt(recordings.updatedAt, new Date(now.getTime() - STUCK_AFTER_MS))),
      ),
    );
    const ids = (await tx.select({ id: recordings.id }).from(recordings).where(stuckOnes)).map((row) => row.id);
    const going = await photosGoingWith(tx, { recordingIds: ids });
    const deleted = ids.length ? await tx.delete(recordings).where(inArray(recordings.id, ids)).returning({ audioKey: recordings.audioKey }) : [];
    return { stuck: deleted, photoRows: going };
  });
  await Promise.all(stuck.map((row) => store.delete(row.audioKey)));
  await deletePhotoBlobs(store, photoRows);
  return { deletedCount: stuck.length };
}

/** Queues a transcription for every recording of the story that has none yet or failed. */
export async function transcribeStoryAgain(db: Database, queue: Queue, story: Authorized<StoryRow, 'update'>) {
  const untranscribed = await db
    .update(recordings)
    .set({ processingStatus: 'uploaded', transcriptionError: null, updatedAt: new Date() })
    .where(and(eq(recordings.storyId, story.id), inArray(recordings.processingStatus, ['uploaded', 'failed'])))
    .returning({ id: recordings.id });
  for (const { id } of untranscribed) await enqueueTranscription(queue, id);
  return { processedCount: untranscribed.length };
}
