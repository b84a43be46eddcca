import { ensureJobQueue, type Queue } from '../jobs/queue.ts';
import { BACKGROUND_JOBS } from './jobs.ts';

/**
 * Creates every job's queue (pg-boss needs a queue before anything is sent to it). Each
 * process that sends or runs jobs calls it once at start, before serving or working.
 */
export async function createJobQueues(queue: Queue): Promise<void> {
  const existing = await queue.getQueues();
  for (const job of BACKGROUND_JOBS) await ensureJobQueue(queue, job, existing);
}
