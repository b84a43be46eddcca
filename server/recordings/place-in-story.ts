import { eq, sql } from 'drizzle-orm';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { recordings, stories } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';

type Writer = Pick<Database, 'select' | 'update'>;

/**
 * The one rule for adding a recording to a story, whether it is uploaded into it or moved
 * there: it goes after the story's last recording, and a story that is already written is
 * marked as having new recordings, so the person chooses to regenerate; it is never
 * rewritten behind their back. Returns the recording's place. Call it in the transaction
 * that stores the recording: the story row stays locked until then.
 */
export async function placeInStory(tx: Writer, story: Authorized<ResourceRows['story'], 'addRecording' | 'respond'>): Promise<number> {
  const [locked] = await tx
    .select({ processingStatus: stories.processingStatus })
    .from(stories)
    .where(eq(stories.id, story.id))
    .for('update');
  if (!locked) throw notFound('Story not found');
  if (locked.processingStatus !== 'processing') {
    await tx.update(stories).set({ hasNewRecordings: true, updatedAt: new Date() }).where(eq(stories.id, story.id));
  }
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${recordings.orderIndex}) + 1, 0)` })
    .from(recordings)
    .where(eq(recordings.storyId, story.id));
  return Number(next);
}
