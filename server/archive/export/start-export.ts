import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { ARCHIVE_LIMITS } from '../../../contract/archive.ts';
import type { Language } from '../../../contract/languages.ts';
import type { Database } from '../../db/client.ts';
import { archiveExports, users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import { sendJob } from '../../jobs/send-job.ts';
import { exportArchiveJob } from './export-archive-job.ts';
import { type ExportRow, UNFINISHED_EXPORT_STATES } from './export-row.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const tooManyExports = () =>
  new HttpError(429, 'rate_limited', `You can make at most ${ARCHIVE_LIMITS.exportsPerDay} archives a day. Please try again tomorrow.`);

/**
 * Starts an export of the person's whole account, or answers the one already under way (one at
 * a time: each reads every file of the account). At most `exportsPerDay` in any 24 hours,
 * counted from the table. The person's row is locked meanwhile, so two presses at once make one.
 */
export async function startExport(db: Database, queue: Queue, userId: string, language: Language, now = new Date()): Promise<ExportRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [underWay] = await tx
      .select()
      .from(archiveExports)
      .where(and(eq(archiveExports.userId, userId), inArray(archiveExports.state, UNFINISHED_EXPORT_STATES)))
      .orderBy(desc(archiveExports.createdAt))
      .limit(1);
    if (underWay) return underWay;
    const [{ started }] = await tx
      .select({ started: count() })
      .from(archiveExports)
      .where(and(eq(archiveExports.userId, userId), gt(archiveExports.createdAt, new Date(now.getTime() - DAY_MS))));
    if (started >= ARCHIVE_LIMITS.exportsPerDay) throw tooManyExports();
    const [row] = await tx.insert(archiveExports).values({ userId, language, state: 'queued' }).returning();
    await sendJob(queue, exportArchiveJob, { exportId: row.id }, { within: tx });
    return row;
  });
}

/** The person's exports, newest first, as many as the list shows. */
export function listExports(db: Database, userId: string): Promise<ExportRow[]> {
  return db
    .select()
    .from(archiveExports)
    .where(eq(archiveExports.userId, userId))
    .orderBy(desc(archiveExports.createdAt))
    .limit(ARCHIVE_LIMITS.exportsListed);
}
