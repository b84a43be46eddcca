import { inArray, sql } from 'drizzle-orm';
import { POLLING_INTERVAL_SECONDS } from '../jobs/queue.ts';
import { recordings } from '../db/schema.ts';
import type { PipelineContext } from './context.ts';
import { enqueueTranscription, TRANSCRIBE_RECORDING, transcribeRecordingJob, WRITE_STORY, writeStoryJob } from './queues.ts';
import { transcribeRecordingJob as transcribe } from './transcribe-recording-job.ts';
import { writeStoryJob as write } from './write-story-job.ts';

/**
 * Starts the pipeline's workers. With `recoverInterrupted` (the embedded database, where
 * this process is the only worker) jobs that were running when the process died run
 * again at once, and recordings whose job was never queued get one: nothing uploaded is
 * left behind by a crash.
 */
export async function startPipelineWorkers(ctx: PipelineContext, options: { recoverInterrupted: boolean }): Promise<void> {
  if (options.recoverInterrupted) await recoverInterruptedWork(ctx);
  const workOptions = { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: 1, includeMetadata: true as const };

  await ctx.queue.work(TRANSCRIBE_RECORDING, workOptions, async ([job]) => {
    const { recordingId } = transcribeRecordingJob.parse(job.data);
    await transcribe(ctx, recordingId, job);
  });
  await ctx.queue.work(WRITE_STORY, workOptions, async ([job]) => {
    const { storyId, regenerate } = writeStoryJob.parse(job.data);
    await write(ctx, storyId, job, regenerate);
  });
}

async function recoverInterruptedWork(ctx: PipelineContext): Promise<void> {
  const { db } = ctx;
  const resumed = await db.execute(sql`
    update pgboss.job set state = 'retry', start_after = now()
    where state = 'active' and name in (${TRANSCRIBE_RECORDING}, ${WRITE_STORY})
    returning id`);
  const orphans = await db
    .select({ id: recordings.id })
    .from(recordings)
    .where(
      sql`${inArray(recordings.processingStatus, ['uploaded', 'transcribing'])} and not exists (
        select 1 from pgboss.job j
        where j.name = ${TRANSCRIBE_RECORDING} and j.state in ('created', 'retry', 'active')
          and (j.data->>'recordingId')::int = ${recordings.id})`,
    );
  for (const { id } of orphans) await enqueueTranscription(ctx.queue, id);
  const resumedCount = (resumed as { rows?: unknown[] }).rows?.length ?? 0;
  if (resumedCount || orphans.length) {
    ctx.log.info({ resumed: resumedCount, requeued: orphans.length }, 'resumed work interrupted by a restart');
  }
}
