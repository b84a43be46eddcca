import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { recordings, stories } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { BlobStore } from '../storage/index.ts';

type StoryRow = typeof stories.$inferSelect;

/** Puts the story's recordings in this order; the ids must be exactly its recordings. */
export async function reorderRecordings(db: Database, story: StoryRow, recordingIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await tx.select({ id: recordings.id }).from(recordings).where(eq(recordings.storyId, story.id)).for('update');
    const currentIds = new Set(current.map((r) => r.id));
    const exact =
      new Set(recordingIds).size === recordingIds.length &&
      recordingIds.length === currentIds.size &&
      recordingIds.every((id) => currentIds.has(id));
    if (!exact) throw new HttpError(400, 'validation', "recordingIds: must be exactly the story's recordings", 'recordingIds');
    for (const [orderIndex, id] of recordingIds.entries()) {
      await tx.update(recordings).set({ orderIndex }).where(eq(recordings.id, id));
    }
  });
}

/**
 * Deletes a story with its recordings, then their audio. Rows go first: a crash between
 * the two leaves an unreferenced file, never a recording without its audio.
 */
export async function deleteStory(db: Database, store: BlobStore, story: StoryRow): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const audio = await tx.select({ key: recordings.audioKey }).from(recordings).where(eq(recordings.storyId, story.id));
    await tx.delete(stories).where(eq(stories.id, story.id));
    return audio;
  });
  await Promise.all(removed.map(({ key }) => store.delete(key)));
}
