import type { JobContext } from '../jobs/context.ts';
import { FAMILY_WEEKLY_TICK, WEEKLY_TICK_CRON } from '../family/mail/weekly-tick.ts';
import type { Queue } from '../jobs/queue.ts';
import { sendJob } from '../jobs/send-job.ts';
import { startTimekeeper } from '../jobs/timekeeper.ts';
import { TIME_TRANSCRIPTS, TIME_TRANSCRIPTS_CRON, timeTranscriptsJob } from '../voice/time-transcripts-job.ts';
import { scheduleOrphanSweep } from './orphan-sweep.ts';
import { type JobWorkerOptions, startJobWorkers } from './workers.ts';

export interface Background {
  /** Stops the sweep and the workers; jobs cut off are taken over after a restart or by another worker. */
  stop(): Promise<void>;
}

/**
 * Starts a process's background work: the job workers with their recovery passes, the
 * sweep for audio no row names, pg-boss's scheduler for the scheduled jobs, and the pass
 * timing old transcripts. `npm start` (when it runs the workers inline) and
 * `npm run worker` both call this; the queues exist already (createJobQueues).
 */
export async function startBackground(ctx: JobContext, options: Pick<JobWorkerOptions, 'recoverInterrupted'>): Promise<Background> {
  const workers = await startJobWorkers(ctx, options);
  const sweeper = scheduleOrphanSweep(ctx.db, ctx.store, ctx.log);
  // pg-boss's scheduler sends the weekly family tick and the hourly pass timing old
  // transcripts (jobs/timekeeper.ts: why only here); that pass also starts now (decision 037).
  const timekeeper = await startTimekeeper(ctx.queue, [
    { name: FAMILY_WEEKLY_TICK, cron: WEEKLY_TICK_CRON },
    { name: TIME_TRANSCRIPTS, cron: TIME_TRANSCRIPTS_CRON },
  ], ctx.log);
  await sendJob(ctx.queue, timeTranscriptsJob, { afterId: 0 });
  return {
    async stop() {
      sweeper.stop();
      await timekeeper.stop();
      await workers.stop();
    },
  };
}

/** What a shutdown closes after the jobs, in this order. */
export interface ProcessParts {
  queue: Pick<Queue, 'stop'>;
  engines: { close(): Promise<void> };
  database: { close(): Promise<void> };
}

/**
 * The end of a shutdown, in `npm start` and `npm run worker` alike: the jobs stop within
 * the grace period, then the queue with what grace is left, the engines and the database.
 * A native call still running must keep its model: the engines are left to the exit then.
 */
export async function closeAfterJobs(
  grace: { within(work: Promise<unknown>): Promise<boolean>; left(): number },
  jobsStopping: Promise<void>,
  { queue, engines, database }: ProcessParts,
): Promise<void> {
  const jobsStopped = await grace.within(jobsStopping);
  await queue.stop({ graceful: true, wait: true, timeout: grace.left() });
  if (jobsStopped) await engines.close();
  await database.close();
}
