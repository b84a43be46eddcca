import { and, eq, inArray, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordings, stories } from '../db/schema.ts';
import { heldLeases } from '../jobs/leases.ts';
import { sendJob } from '../jobs/send-job.ts';
import type { PipelineContext } from './context.ts';
import { transcribeRecordingJob } from './transcribe-recording-job.ts';
import { writeStoryJob } from './write-story-job.ts';

const UNSETTLED = ['uploaded', 'transcribing'] as const;
/** How much unfinished work one pass looks at; the next pass takes the rest. */
const BATCH = 500;

/**
 * Queues every step no live job is working on: recordings waiting for (or cut off in)
 * their transcription, and stories still processing whose recordings are all settled
 * (cut off while being written, or left between the steps). It reads only the app's own
 * tables and leases, never the queue library's; sending is a no-op for work that already
 * waits, so any worker may run it at any time. Returns what it queued.
 */
export async function recoverUnfinishedWork(ctx: PipelineContext): Promise<{ recordings: number; stories: number }> {
  const unsettled = await ctx.db
    .select({ id: recordings.id })
    .from(recordings)
    .where(inArray(recordings.processingStatus, UNSETTLED))
    .orderBy(recordings.id)
    .limit(BATCH);
  const pending = alias(recordings, 'pending');
  const unwritten = await ctx.db
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
    .limit(BATCH);

  const held = await heldLeases(ctx.db, [
    ...unsettled.map(({ id }) => transcribeRecordingJob.entityOf({ recordingId: id })),
    ...unwritten.map(({ id }) => writeStoryJob.entityOf({ storyId: id, regenerate: false })),
  ]);
  let queued = { recordings: 0, stories: 0 };
  for (const { id } of unsettled) {
    const payload = { recordingId: id };
    if (held.has(transcribeRecordingJob.entityOf(payload))) continue;
    if (await sendJob(ctx.queue, transcribeRecordingJob, payload)) queued = { ...queued, recordings: queued.recordings + 1 };
  }
  for (const { id, generatedAt } of unwritten) {
    // A story written before and processing again was being rewritten.
    const payload = { storyId: id, regenerate: generatedAt !== null };
    if (held.has(writeStoryJob.entityOf(payload))) continue;
    if (await sendJob(ctx.queue, writeStoryJob, payload)) queued = { ...queued, stories: queued.stories + 1 };
  }
  return queued;
}
