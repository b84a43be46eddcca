import { eq } from 'drizzle-orm';
import { autobiographies } from '../db/schema.ts';
import { heldLeases } from '../jobs/leases.ts';
import { sendJob } from '../jobs/send-job.ts';
import type { PipelineContext } from '../pipeline/context.ts';
import { writeAutobiographyJob } from './write-autobiography-job.ts';

/**
 * Queues again every autobiography still being written that no live job holds (one cut
 * off by a crash or a restart); its job goes on from the first chapter not written.
 * Sending is a no-op while one waits. Returns how many it queued.
 */
export async function recoverAutobiographies(ctx: PipelineContext): Promise<number> {
  const writing = await ctx.db.select({ id: autobiographies.id }).from(autobiographies).where(eq(autobiographies.processingStatus, 'processing'));
  const held = await heldLeases(ctx.db, writing.map((payload) => writeAutobiographyJob.entityOf(payload)));
  let queued = 0;
  for (const { id } of writing) {
    if (held.has(writeAutobiographyJob.entityOf({ id }))) continue;
    if (await sendJob(ctx.queue, writeAutobiographyJob, { id })) queued++;
  }
  return queued;
}
