import { eq } from 'drizzle-orm';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import type { Queue } from '../jobs/queue.ts';
import { sendJob } from '../jobs/send-job.ts';
import { KINDS, type RecordKind } from './kinds.ts';
import { refreshInfoJob } from './refresh-info-job.ts';
import { enrichmentSources } from './refresh-info-sources.ts';

/**
 * Asks for the information gathered from recordings to be built again: marks it
 * refreshing and queues the job in one transaction (asking again while one waits does
 * nothing more). A recording about it still being transcribed is waited for by the job.
 * With no transcript, story or such recording about it, a 422 `nothing_to_enrich` and
 * nothing changes.
 */
export async function requestInfoRefresh(
  db: Database,
  queue: Queue,
  kind: RecordKind,
  row: Authorized<ResourceRows[RecordKind], 'update'>,
): Promise<{ refreshing: true }> {
  const sources = await enrichmentSources(db, kind, row.id);
  if (sources.texts.length === 0 && sources.pending === 0) throw new HttpError(422, 'nothing_to_enrich', KINDS[kind].nothingRecorded);
  const table = KINDS[kind].table;
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
export async function enrichmentRunning(db: Database, kind: RecordKind, id: number): Promise<boolean> {
  const table = KINDS[kind].table;
  const [row] = await db.select({ refreshing: table.enrichmentRefreshing }).from(table).where(eq(table.id, id));
  return row?.refreshing ?? false;
}
