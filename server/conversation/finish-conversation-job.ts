import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AiError } from '../ai/errors.ts';
import { recordings, stories } from '../db/schema.ts';
import { defineJob } from '../jobs/job.ts';
import type { Queue } from '../jobs/queue.ts';
import { sendJob } from '../jobs/send-job.ts';
import type { JobContext } from '../jobs/context.ts';
import { writeStoryJob } from '../pipeline/write-story-job.ts';

export const FINISH_CONVERSATION = 'finish-conversation';

/** How often the job looks again while answers are still being transcribed. */
export const TRANSCRIPTION_WAIT_MS = 3000;
/** After this long, the story is written from the answers there are (one stuck transcription holds none back for good). */
const GIVE_UP_WAITING_MS = 6 * 60 * 60 * 1000;

interface FinishPayload {
  storyId: number;
  /** When the conversation ended (ISO). */
  endedAt: string;
}

/**
 * A spoken interview ended with several answers: its story is written again from all of
 * them, once every answer is transcribed. The job holds the story's lease (`story:{id}`,
 * as the story's writing does), so no writing runs meanwhile; it waits, without spending a
 * try, while answers are still transcribing (the story stays as it is meanwhile, so their
 * transcription queues no writing of its own), then marks the story processing and queues
 * its rewriting in one transaction: written once, from every answer.
 */
export const finishConversationJob = defineJob<JobContext, FinishPayload>({
  name: FINISH_CONVERSATION,
  payload: z.object({ storyId: z.number().int().positive(), endedAt: z.iso.datetime() }),
  retry: { retries: 2, baseDelayMs: 8000, maxDelayMs: 60_000 },
  expireInSeconds: 5 * 60,
  entityOf: ({ storyId }) => `story:${storyId}`,
  queueKeyOf: ({ storyId }) => `conversation:story:${storyId}`,
  async ownerOf(ctx, { storyId }) {
    const [row] = await ctx.db.select({ userId: stories.userId }).from(stories).where(eq(stories.id, storyId));
    return row?.userId;
  },

  async run(ctx, { storyId, endedAt }) {
    const rows = await ctx.db.select({ status: recordings.processingStatus }).from(recordings).where(eq(recordings.storyId, storyId));
    const pending = rows.some((r) => r.status === 'uploaded' || r.status === 'transcribing');
    if (pending && Date.now() - Date.parse(endedAt) < GIVE_UP_WAITING_MS) {
      throw new AiError('temporarily_unavailable', { retryable: true, retryAfterMs: TRANSCRIPTION_WAIT_MS, detail: 'answers are still being transcribed' });
    }
    await ctx.db.transaction(async (tx) => {
      const [story] = await tx
        .update(stories)
        .set({ processingStatus: 'processing', updatedAt: new Date() })
        .where(eq(stories.id, storyId))
        .returning({ id: stories.id });
      // As "Update the story" does after new recordings: a written story is rewritten from
      // every transcript, and kept as it was if the writer fails; one never written is written.
      if (story) await sendJob(ctx.queue, writeStoryJob, { storyId, regenerate: true }, { within: tx });
    });
  },

  async onFailure(ctx, { storyId }, error) {
    ctx.log.warn({ storyId, err: error.describe() }, 'the conversation\'s story could not be queued for writing again');
  },
});

/** Queues the rewriting of a conversation's story. */
export function queueFinishConversation(queue: Queue, storyId: number) {
  return sendJob(queue, finishConversationJob, { storyId, endedAt: new Date().toISOString() });
}
