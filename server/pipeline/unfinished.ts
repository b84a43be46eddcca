import { and, eq, inArray, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordings, stories } from '../db/schema.ts';
import type { JobContext } from '../jobs/context.ts';
import { UNFINISHED_BATCH } from '../jobs/job.ts';

/** A recording in these states still waits for its transcription (or was cut off in it). */
const UNSETTLED = ['uploaded', 'transcribing'] as const;

/** Recordings waiting for (or cut off in) their transcription: the transcription job's unfinished work. */
export async function unsettledRecordings(ctx: JobContext): Promise<{ recordingId: number }[]> {
  const rows = await ctx.db
    .select({ id: recordings.id })
    .from(recordings)
    .where(inArray(recordings.processingStatus, UNSETTLED))
    .orderBy(recordings.id)
    .limit(UNFINISHED_BATCH);
  return rows.map(({ id }) => ({ recordingId: id }));
}

/**
 * Stories still processing whose recordings are all settled (cut off while being written,
 * or left between the steps): the story writing's unfinished work.
 */
export async function unwrittenStories(ctx: JobContext): Promise<{ storyId: number; regenerate: boolean }[]> {
  const pending = alias(recordings, 'pending');
  const rows = await ctx.db
    .select({ id: stories.id, generatedAt: stories.generatedAt })
    .from(stories)
    .where(
      and(
        eq(stories.processingStatus, 'processing'),
        notExists(
          ctx.db
            .select({ id: pending.id })
            .from(pending)
            .where(and(eq(pending.storyId, stories.id), inArray(pending.processingStatus, UNSETTLED))),
        ),
      ),
    )
    .orderBy(stories.id)
    .limit(UNFINISHED_BATCH);
  // A story written before and processing again was being rewritten.
  return rows.map(({ id, generatedAt }) => ({ storyId: id, regenerate: generatedAt !== null }));
}
