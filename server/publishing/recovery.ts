import { and, inArray, isNotNull } from 'drizzle-orm';
import { publishedStories } from '../db/schema.ts';
import { heldLeases } from '../jobs/leases.ts';
import { sendJob } from '../jobs/send-job.ts';
import type { PipelineContext } from '../pipeline/context.ts';
import { narrateStoryJob } from './narrate-story-job.ts';

/** Narrations still under way: queued, or cut off while speaking or joining. */
const UNFINISHED = ['waiting', 'generating', 'finalizing'] as const;
const BATCH = 500;

/**
 * Queues again every narration still wanted that no live job holds (one cut off by a
 * crash); sending is a no-op while its job waits. Returns how many it queued.
 */
export async function recoverNarrations(ctx: PipelineContext): Promise<number> {
  const unfinished = await ctx.db
    .select({ id: publishedStories.id, narrationId: publishedStories.narrationId })
    .from(publishedStories)
    .where(and(inArray(publishedStories.audioStatus, UNFINISHED), isNotNull(publishedStories.narrationId)))
    .orderBy(publishedStories.id)
    .limit(BATCH);
  const payloads = unfinished.map(({ id, narrationId }) => ({ publishedStoryId: id, narrationId: narrationId! }));
  const held = await heldLeases(ctx.db, payloads.map((payload) => narrateStoryJob.entityOf(payload)));
  let queued = 0;
  for (const payload of payloads) {
    if (held.has(narrateStoryJob.entityOf(payload))) continue;
    if (await sendJob(ctx.queue, narrateStoryJob, payload)) queued++;
  }
  return queued;
}
