import { eq } from 'drizzle-orm';
import { people, places } from '../db/schema.ts';
import { heldLeases } from '../jobs/leases.ts';
import { sendJob } from '../jobs/send-job.ts';
import type { PipelineContext } from '../pipeline/context.ts';
import { refreshInfoJob } from './refresh-info-job.ts';

/**
 * Queues again every refresh still asked for that no live job holds (one cut off by a
 * crash); sending is a no-op while one waits. Returns how many it queued.
 */
export async function recoverInfoRefreshes(ctx: PipelineContext): Promise<number> {
  const asked = [
    ...(await ctx.db.select({ id: people.id }).from(people).where(eq(people.enrichmentRefreshing, true))).map(({ id }) => ({ kind: 'person' as const, id })),
    ...(await ctx.db.select({ id: places.id }).from(places).where(eq(places.enrichmentRefreshing, true))).map(({ id }) => ({ kind: 'place' as const, id })),
  ];
  const held = await heldLeases(ctx.db, asked.map((payload) => refreshInfoJob.entityOf(payload)));
  let queued = 0;
  for (const payload of asked) {
    if (held.has(refreshInfoJob.entityOf(payload))) continue;
    if (await sendJob(ctx.queue, refreshInfoJob, payload)) queued++;
  }
  return queued;
}
