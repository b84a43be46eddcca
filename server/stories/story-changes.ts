import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { storyPatchSchema } from '../../contract/library.ts';
import type { Actor } from '../access/actor.ts';
import { load } from '../access/loaders.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { publishedStories, recordings, stories } from '../db/schema.ts';
import { fieldError } from '../http/errors.ts';
import type { BlobStore } from '../storage/index.ts';
import type { TemporalColumns } from '../temporal/temporal-context.ts';
import { photosGoingWith } from '../photos/home-deletion.ts';
import { deletePhotoBlobs } from '../photos/photo-copies-store.ts';
import { carryParagraphSources } from '../voice/paragraph-sources.ts';

type StoryRow = ResourceRows['story'];
type StoryToChange = Authorized<StoryRow, 'update'>;
type StoryPatch = z.infer<typeof storyPatchSchema>;

async function updateStoryRow(db: Database, story: StoryToChange, changes: Partial<typeof stories.$inferInsert>): Promise<StoryRow> {
  const [updated] = await db
    .update(stories)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(stories.id, story.id))
    .returning();
  return updated;
}

/**
 * Changes one of the story's own fields (title, content, language, point of view, style or
 * metadata). A title or text typed by the person is marked, so the writer keeps it; the
 * paragraphs they kept or edited in place still lead back to where they were said.
 */
export function editStory(db: Database, story: StoryToChange, patch: StoryPatch): Promise<StoryRow> {
  const now = new Date();
  return updateStoryRow(db, story, {
    ...patch,
    ...('title' in patch ? { titleEditedAt: now } : {}),
    ...('content' in patch
      ? { contentEditedAt: now, paragraphSources: carryParagraphSources({ content: story.content, sources: story.paragraphSources }, patch.content) }
      : {}),
  });
}

/** Dates the story (all null clears it). */
export const setStoryTime = (db: Database, story: StoryToChange, time: TemporalColumns) => updateStoryRow(db, story, time);

/** Puts the story in one of the actor's chapters, or in none. */
export async function moveStoryToChapter(db: Database, actor: Actor, story: StoryToChange, chapterId: number | null): Promise<StoryRow> {
  const chapter = chapterId === null ? null : await load(db, actor, 'chapter', chapterId, 'update');
  if ((chapter?.id ?? null) === story.chapterId) return story;
  // A place in the old chapter's order means nothing in the new one: it goes with the newest there.
  return updateStoryRow(db, story, { chapterId: chapter?.id ?? null, chapterOrder: null });
}

/** Puts the story's recordings in this order; the ids must be exactly its recordings. */
export async function reorderRecordings(db: Database, story: StoryToChange, recordingIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await tx.select({ id: recordings.id }).from(recordings).where(eq(recordings.storyId, story.id)).for('update');
    const currentIds = new Set(current.map((r) => r.id));
    const exact =
      new Set(recordingIds).size === recordingIds.length &&
      recordingIds.length === currentIds.size &&
      recordingIds.every((id) => currentIds.has(id));
    if (!exact) throw fieldError('recordingIds', "must be exactly the story's recordings");
    for (const [orderIndex, id] of recordingIds.entries()) {
      await tx.update(recordings).set({ orderIndex }).where(eq(recordings.id, id));
    }
  });
}

/**
 * Deletes a story with its recordings and its public copy, then their audio (the
 * narration's too). Rows go first: a crash between the two leaves an unreferenced file
 * (swept later), never a recording without its audio.
 */
export async function deleteStory(db: Database, store: BlobStore, story: Authorized<StoryRow, 'delete'>): Promise<void> {
  const { removed, photoRows } = await db.transaction(async (tx) => {
    const audio = await tx.select({ key: recordings.audioKey }).from(recordings).where(eq(recordings.storyId, story.id));
    const narration = await tx.select({ key: publishedStories.audioKey }).from(publishedStories).where(eq(publishedStories.storyId, story.id));
    // Its photos and its recordings' photos go too (the delete dialog says so).
    const photoRows = await photosGoingWith(tx, { storyIds: [story.id] });
    await tx.delete(stories).where(eq(stories.id, story.id));
    return { removed: [...audio, ...narration], photoRows };
  });
  await Promise.all(removed.map(({ key }) => (key ? store.delete(key) : undefined)));
  await deletePhotoBlobs(store, photoRows);
}
