import type { JobContext } from '../jobs/context.ts';
import type { JobDefinition } from '../jobs/job.ts';
import { heldLeases } from '../jobs/leases.ts';
import { sendJob } from '../jobs/send-job.ts';
import { BACKGROUND_JOBS } from './jobs.ts';

/**
 * Queues again every job's unfinished work (`unfinished` in its definition) that no live
 * job holds: a step cut off by a crash, or left between two steps. It reads only the app's
 * own tables and leases, never the queue library's; sending is a no-op for work that already
 * waits, so any worker may run it at any time. Returns how many jobs of each kind it queued
 * (only kinds with some).
 */
export async function queueUnfinishedWork(
  ctx: JobContext,
  jobs: readonly JobDefinition<JobContext, any>[] = BACKGROUND_JOBS,
): Promise<Record<string, number>> {
  const queued: Record<string, number> = {};
  for (const job of jobs) {
    if (!job.unfinished) continue;
    const payloads = await job.unfinished(ctx);
    const held = await heldLeases(ctx.db, payloads.map((payload) => job.entityOf(payload)));
    for (const payload of payloads) {
      if (held.has(job.entityOf(payload))) continue;
      if (await sendJob(ctx.queue, job, payload)) queued[job.name] = (queued[job.name] ?? 0) + 1;
    }
  }
  return queued;
}
