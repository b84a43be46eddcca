import { availableParallelism } from 'node:os';
import { keptDecodes } from '../audio/kept-decodes.ts';
import type { JobContext } from '../jobs/context.ts';
import { LEASE_MS, releaseAllLeases } from '../jobs/leases.ts';
import { POLLING_INTERVAL_SECONDS } from '../jobs/queue.ts';
import { startJobRunner } from '../jobs/runner.ts';
import { BACKGROUND_JOBS } from './jobs.ts';
import { queueUnfinishedWork } from './recovery.ts';

export interface JobWorkerOptions {
  /**
   * This process is the only worker (the embedded database, which one server opens): a
   * lease left in the database is a dead process's, so its work is taken over at once.
   */
  recoverInterrupted: boolean;
  /** Jobs at once; by default one per core, and at least two so a long job never holds everything. */
  concurrency?: number;
  /** Replaces the policies' backoff between retries (tests). */
  retryDelayMs?: number;
}

export interface JobWorkers {
  /** Stops the workers and the recovery passes; running jobs are taken over after a restart. */
  stop(): Promise<void>;
}

/** How often unfinished work that no live job holds is queued again: as often as a dead worker's lease expires. */
const RECOVERY_INTERVAL_MS = LEASE_MS;

/**
 * Starts the job workers and the recovery: at start and then every few seconds, every
 * unfinished step that no live job holds is queued again (recovery.ts), so nothing
 * uploaded is left behind by a crash, on one machine or many. The queues exist already
 * (createJobQueues, at the process's start).
 */
export async function startJobWorkers(ctx: JobContext, options: JobWorkerOptions): Promise<JobWorkers> {
  if (options.recoverInterrupted) await releaseAllLeases(ctx.db);

  let recovering: Promise<void> = Promise.resolve();
  const recover = () => {
    recovering = recovering.then(async () => {
      try {
        const queued = await queueUnfinishedWork(ctx);
        if (Object.keys(queued).length > 0) ctx.log.info({ queued }, 'queued again work that no job was doing');
      } catch (error) {
        ctx.log.error({ err: error }, 'recovery of unfinished work failed; the next pass tries again');
      }
    });
    return recovering;
  };
  await recover();
  const timer = setInterval(() => void recover(), RECOVERY_INTERVAL_MS);

  // Uploads to this process keep their decode for the transcription here (kept-decodes.ts).
  keptDecodes.enable();
  const runner = startJobRunner(ctx.queue, ctx, BACKGROUND_JOBS, {
    concurrency: options.concurrency ?? Math.max(2, availableParallelism()),
    pollIntervalMs: POLLING_INTERVAL_SECONDS * 1000,
    retryDelayMs: options.retryDelayMs,
    log: ctx.log,
  });
  return {
    async stop() {
      clearInterval(timer);
      await recovering;
      await runner.stop();
      await keptDecodes.disable();
    },
  };
}
