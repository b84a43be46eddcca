import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { toLanguage } from '../../../contract/languages.ts';
import type { AiError } from '../../ai/errors.ts';
import { archiveExports } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/context.ts';
import { defineJob, UNFINISHED_BATCH } from '../../jobs/job.ts';
import { StorageFullError } from '../../storage/blob-store.ts';
import { makeTempFolder } from '../../storage/temp-folders.ts';
import { ARCHIVE_MIME_TYPE, expiryFrom, type ExportRow, exportZipKey, UNFINISHED_EXPORT_STATES } from './export-row.ts';
import { mailArchiveReady } from './mail-ready.ts';
import { throttledProgress } from './throttled-progress.ts';
import { writeArchive } from './write-archive.ts';

export const EXPORT_ARCHIVE = 'export-archive';

interface ExportArchivePayload {
  exportId: string;
}

/** Progress is written to the row at most this often (the screen polls every 2 s). */
export const PROGRESS_WRITE_MS = 1000;

/** Why an export failed for good, as a code the client words and an English message. */
export function exportFailureOf(error: AiError): { errorCode: string; error: string } {
  if (error.cause instanceof StorageFullError) {
    return { errorCode: 'export_storage_full', error: 'There is no room on the server to make your archive.' };
  }
  return { errorCode: 'export_failed', error: 'Your archive could not be made.' };
}

const stillUnfinished = (exportId: string) =>
  and(eq(archiveExports.id, exportId), inArray(archiveExports.state, UNFINISHED_EXPORT_STATES));

/**
 * Builds the person's archive: the row goes running, the ZIP is written into a temporary folder
 * of this process by `writeArchive` (progress to the row, thinned out), stored as
 * `users/{uid}/exports/{id}.zip`, and the row goes ready until `exportKeptDays` from now; then
 * an e-mail says so. A try again (after a crash, or a retry) writes the whole ZIP again over
 * the same key. A row that is no longer queued or running (the account deleted meanwhile)
 * stores nothing.
 */
export const exportArchiveJob = defineJob<JobContext, ExportArchivePayload>({
  name: EXPORT_ARCHIVE,
  payload: z.object({ exportId: z.uuid() }),
  // Each try reads every file of the account again: two more are enough for a passing failure.
  retry: { retries: 2, baseDelayMs: 10_000, maxDelayMs: 120_000 },
  // Hours of audio copied from S3 into a ZIP.
  expireInSeconds: 6 * 60 * 60,
  entityOf: ({ exportId }) => `archive-export:${exportId}`,
  unfinished: unfinishedExports,
  async ownerOf(ctx, { exportId }) {
    const [row] = await ctx.db.select({ userId: archiveExports.userId }).from(archiveExports).where(eq(archiveExports.id, exportId));
    return row?.userId;
  },

  async run(ctx, { exportId }, { signal }) {
    const [row] = await ctx.db.update(archiveExports).set({ state: 'running', error: null, errorCode: null }).where(stillUnfinished(exportId)).returning();
    if (!row) return;
    const progress = throttledProgress(async (done, total) => {
      await ctx.db.update(archiveExports).set({ progressDone: done, progressTotal: total }).where(stillUnfinished(exportId));
    }, PROGRESS_WRITE_MS);

    // Named by this process, so a start after a crash sweeps it (server/storage/temp-folders.ts).
    const { dir, remove } = await makeTempFolder('export');
    let ready: ExportRow | undefined;
    try {
      const zipFile = path.join(dir, 'archive.zip');
      const request = { userId: row.userId, language: toLanguage(row.language), exportedAt: new Date() };
      const { sizeBytes } = await writeArchive({ db: ctx.db, store: ctx.store, site: { linksOrNull: ctx.siteOrigin } }, request, zipFile, { onProgress: progress.report, signal });
      await progress.flush();
      const key = exportZipKey(row.userId, row.id);
      await ctx.store.putFile(key, zipFile, ARCHIVE_MIME_TYPE);
      const finishedAt = new Date();
      [ready] = await ctx.db
        .update(archiveExports)
        .set({ state: 'ready', blobKey: key, sizeBytes, finishedAt, expiresAt: expiryFrom(finishedAt), error: null, errorCode: null })
        .where(stillUnfinished(exportId))
        .returning();
      if (!ready) await ctx.store.delete(key);
    } finally {
      await remove();
    }
    if (ready) await mailArchiveReady(ctx, ready);
  },

  async onFailure(ctx, { exportId }, error) {
    await ctx.db
      .update(archiveExports)
      .set({ state: 'failed', ...exportFailureOf(error), finishedAt: new Date() })
      .where(stillUnfinished(exportId));
  },
});

/** Exports queued or cut off while running: the job's unfinished work. */
async function unfinishedExports(ctx: JobContext): Promise<ExportArchivePayload[]> {
  const rows = await ctx.db
    .select({ id: archiveExports.id })
    .from(archiveExports)
    .where(inArray(archiveExports.state, UNFINISHED_EXPORT_STATES))
    .orderBy(archiveExports.createdAt)
    .limit(UNFINISHED_BATCH);
  return rows.map(({ id }) => ({ exportId: id }));
}
