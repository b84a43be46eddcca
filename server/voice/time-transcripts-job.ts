import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { recordings, stories } from '../db/schema.ts';
import type { JobContext } from '../jobs/context.ts';
import { defineJob } from '../jobs/job.ts';
import { sendJob, type Transaction } from '../jobs/send-job.ts';
import { markStorySources } from './mark-story.ts';
import { timeOldTranscript } from './time-old-transcript.ts';
import { storeTimingsIfUnchanged, untimedRecordings } from './untimed-recordings.ts';

export const TIME_TRANSCRIPTS = 'time-transcripts';
/** pg-boss's scheduler sends the pass every hour (cron, UTC): transcripts left untimed (their voice detection model downloaded since, a run cut off) are picked up. */
export const TIME_TRANSCRIPTS_CRON = '17 * * * *';
/** Recordings one run times, one after another; then it queues the next run. */
export const TIMING_BATCH = 5;

/**
 * The background pass over transcripts made before issue 29 (decision 037): one job at a time
 * (one entity for the whole pass), TIMING_BATCH recordings a run, oldest first, each timed
 * with no paid call (time-old-transcript.ts) and stored only if its transcript is unchanged;
 * then the next run is queued after the last id done. Started with the background work
 * (background/start.ts sends it, and pg-boss's scheduler every hour, like the family weekly
 * tick), and resumable by construction: the rows say what is left (`transcript_timings`
 * null), so a run cut off by a crash or a restart is taken up at the next start or hour.
 * Not a recovery pass's `unfinished`: that looks every 15 s, and the pass would then run
 * in every process and test that seeds an old transcript. After the last untimed recording
 * of a story whose paragraphs were never marked, the story is marked in the same transaction.
 */
export const timeTranscriptsJob = defineJob<JobContext, { afterId: number }>({
  name: TIME_TRANSCRIPTS,
  // The schedule sends it with no payload: from the start.
  payload: z.object({ afterId: z.number().int().min(0).default(0) }),
  retry: { retries: 2, baseDelayMs: 30_000, maxDelayMs: 5 * 60_000 },
  expireInSeconds: 2 * 60 * 60,
  entityOf: () => TIME_TRANSCRIPTS,
  // Nobody waits for it: it takes no one's fair share, and comes last in the job list.
  ownerOf: async () => undefined,
  async run(ctx, { afterId }, { signal }) {
    const batch = await untimedRecordings(ctx.db, { canDetectSpeech: ctx.engines.speech.isAvailable(), limit: TIMING_BATCH, afterId });
    for (const recording of batch) {
      signal.throwIfAborted();
      const text = recording.transcription!;
      const timings = await timeOldTranscript({ ...recording, transcription: text }, {
        store: ctx.store,
        speech: ctx.engines.speech,
        signal,
        log: (message) => ctx.log.warn({ recordingId: recording.id }, message),
      });
      await ctx.db.transaction(async (tx) => {
        if (await storeTimingsIfUnchanged(tx, recording.id, text, timings) && recording.storyId) await markIfLastTimed(tx, recording.storyId);
      });
    }
    if (batch.length === TIMING_BATCH) await sendJob(ctx.queue, timeTranscriptsJob, { afterId: batch.at(-1)!.id });
  },

  async onFailure(ctx, { afterId }, error) {
    ctx.log.warn({ afterId, err: error.describe() }, 'timing old transcripts failed; the recovery pass starts it again');
  },
});

/** Marks a story's paragraph sources once none of its transcripts waits for timings, if they were never marked. */
async function markIfLastTimed(tx: Transaction, storyId: number): Promise<void> {
  const [unmarked] = await tx
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.id, storyId), isNull(stories.paragraphSources)));
  if (!unmarked) return;
  const [waiting] = await tx
    .select({ id: recordings.id })
    .from(recordings)
    .where(and(eq(recordings.storyId, storyId), eq(recordings.processingStatus, 'transcribed'), isNotNull(recordings.transcription), isNull(recordings.transcriptTimings)))
    .limit(1);
  if (!waiting) await markStorySources(tx, storyId);
}
