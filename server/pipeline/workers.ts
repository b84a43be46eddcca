import { availableParallelism } from 'node:os';
import { keptDecodes } from '../audio/kept-decodes.ts';
import { recoverAutobiographies } from '../autobiography/recovery.ts';
import { recoverInfoRefreshes } from '../people-and-places/refresh-info-recovery.ts';
import { LEASE_MS, releaseAllLeases } from '../jobs/leases.ts';
import { POLLING_INTERVAL_SECONDS } from '../jobs/queue.ts';
import { startJobRunner } from '../jobs/runner.ts';
import { recoverNarrations } from '../publishing/recovery.ts';
import type { PipelineContext } from './context.ts';
import { PIPELINE_JOBS } from './jobs.ts';
import { recoverUnfinishedWork } from './recovery.ts';

export interface PipelineWorkerOptions {
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

export interface PipelineWorkers {
  /** Stops the workers and the recovery passes; running jobs are taken over after a restart. */
  stop(): Promise<void>;
}

/** How often unfinished work that no live job holds is queued again: as often as a dead worker's lease expires. */
const RECOVERY_INTERVAL_MS = LEASE_MS;

/**
 * Starts the pipeline's workers and its recovery: at start and then every few seconds,
 * every unfinished step that no live job holds is queued again (recovery.ts), so nothing
 * uploaded is left behind by a crash, on one machine or many. The queues exist already:
 * the app and `npm run worker` create them at start (createPipelineQueues).
 */
export async function startPipelineWorkers(ctx: PipelineContext, options: PipelineWorkerOptions): Promise<PipelineWorkers> {
  if (options.recoverInterrupted) await releaseAllLeases(ctx.db);

  let recovering: Promise<void> = Promise.resolve();
  const recover = () => {
    recovering = recovering.then(async () => {
      try {
        const queued = await recoverUnfinishedWork(ctx);
        if (queued.recordings || queued.stories) ctx.log.info(queued, 'queued again work that no job was doing');
        const refreshes = await recoverInfoRefreshes(ctx);
        if (refreshes) ctx.log.info({ refreshes }, 'queued again refreshes of gathered information that no job was doing');
        const books = await recoverAutobiographies(ctx);
        if (books) ctx.log.info({ books }, 'queued again autobiographies that no job was writing');
        const narrations = await recoverNarrations(ctx);
        if (narrations) ctx.log.info({ narrations }, 'queued again narrations of published stories that no job was making');
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
  const runner = startJobRunner(ctx.queue, ctx, PIPELINE_JOBS, {
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
