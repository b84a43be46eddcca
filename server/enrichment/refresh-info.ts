import { eq } from 'drizzle-orm';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { people, places } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { Queue } from '../jobs/queue.ts';
import { sendJob } from '../jobs/send-job.ts';
import { refreshInfoJob } from './refresh-info-job.ts';
import { type EnrichmentKind, enrichmentSources } from './sources.ts';

const TABLES = { person: people, place: places } as const;

/** A person or place the signed-in user may change, as the refresh routes authorize it. */
export type EnrichmentTarget =
  | { kind: 'person'; row: Authorized<ResourceRows['person'], 'update'> }
  | { kind: 'place'; row: Authorized<ResourceRows['place'], 'update'> };

const NOTHING_RECORDED = {
  person: 'Failed to refresh information. Nothing has been recorded about this person yet.',
  place: 'Failed to refresh information. Nothing has been recorded about this place yet.',
} as const;

/**
 * Asks for the information gathered from recordings to be built again: marks it
 * refreshing and queues the job in one transaction (asking again while one waits does
 * nothing more). A recording about it still being transcribed is waited for by the job.
 * With no transcript, story or such recording about it, a 422 `nothing_to_enrich` and
 * nothing changes.
 */
export async function requestInfoRefresh(db: Database, queue: Queue, { kind, row }: EnrichmentTarget): Promise<{ refreshing: true }> {
  const sources = await enrichmentSources(db, kind, row.id);
  if (sources.texts.length === 0 && sources.pending === 0) throw new HttpError(422, 'nothing_to_enrich', NOTHING_RECORDED[kind]);
  const table = TABLES[kind];
  await db.transaction(async (tx) => {
    await tx.update(table).set({ enrichmentRefreshing: true }).where(eq(table.id, row.id));
    await sendJob(queue, refreshInfoJob, { kind, id: row.id }, { within: tx });
  });
  return { refreshing: true };
}

/** The refresh state a detail screen shows: Refresh disabled and "Refreshing..." while it runs, and why the last one failed. */
export function presentEnrichmentState(row: { enrichmentRefreshing: boolean; enrichmentError: string | null }) {
  return { refreshing: row.enrichmentRefreshing, refreshError: row.enrichmentError };
}

/** Whether a refresh of this person's or place's information is queued or running. */
export async function enrichmentRunning(db: Database, kind: EnrichmentKind, id: number): Promise<boolean> {
  const table = TABLES[kind];
  const [row] = await db.select({ refreshing: table.enrichmentRefreshing }).from(table).where(eq(table.id, id));
  return row?.refreshing ?? false;
}
