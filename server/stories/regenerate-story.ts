import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { regenerateSchema } from '../../contract/library.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { stories } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { Queue } from '../jobs/queue.ts';
import { latestEdit } from '../pipeline/hand-edits.ts';
import { enqueueStoryWriting } from '../pipeline/queues.ts';

type StoryRow = ResourceRows['story'];

/**
 * Writes the story again in the chosen style, point of view and language, in the
 * background. A story already being written is refused (409) rather than written twice.
 * A title or text edited by hand is kept unless `replaceEdited`; that consent covers the
 * edits made until now, not one made while the writer works.
 */
export async function regenerateStory(
  db: Database,
  queue: Queue,
  story: Authorized<StoryRow, 'update'>,
  options: z.infer<typeof regenerateSchema>,
): Promise<StoryRow> {
  // The status is checked in the update itself, so two quick presses cannot both start a rewrite.
  const [updated] = await db
    .update(stories)
    .set({
      storyStyle: options.style,
      pointOfView: options.pointOfView ?? story.pointOfView,
      language: options.language ?? story.language,
      processingStatus: 'processing',
      updatedAt: new Date(),
    })
    .where(and(eq(stories.id, story.id), ne(stories.processingStatus, 'processing')))
    .returning();
  if (!updated) throw new HttpError(409, 'busy', 'The story is being written already');
  const replaceEditsUpTo = options.replaceEdited ? latestEdit(updated.titleEditedAt, updated.contentEditedAt) : null;
  await enqueueStoryWriting(queue, story.id, { regenerate: true, replaceEditsUpTo });
  return updated;
}
