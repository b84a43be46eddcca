import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { archiveImports } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/context.ts';
import { defineJob, UNFINISHED_BATCH } from '../../jobs/job.ts';
import { importArchive, markFailed } from './import-archive.ts';
import { removePieces } from './keys.ts';
import { archiveRefusal } from './refusals.ts';

export const IMPORT_ARCHIVE = 'import-archive';

interface ImportArchivePayload {
  importId: string;
}

/** Reads an uploaded archive into its account (import-archive.ts); taken again from the start after a crash. */
export const importArchiveJob = defineJob<JobContext, ImportArchivePayload>({
  name: IMPORT_ARCHIVE,
  payload: z.object({ importId: z.uuid() }),
  // A try reads the whole archive again; two more are enough for a passing failure of the store or the database.
  retry: { retries: 2, baseDelayMs: 10_000, maxDelayMs: 120_000 },
  // Hours of audio are decoded to check them, as each upload is.
  expireInSeconds: 12 * 60 * 60,
  entityOf: ({ importId }) => `archive-import:${importId}`,
  async ownerOf(ctx, { importId }) {
    const [row] = await ctx.db.select({ userId: archiveImports.userId }).from(archiveImports).where(eq(archiveImports.id, importId));
    return row?.userId;
  },
  run: (ctx, { importId }) => importArchive(ctx, importId),
  async onFailure(ctx, { importId }) {
    const refusal = archiveRefusal.failed();
    const [row] = await ctx.db.select().from(archiveImports).where(eq(archiveImports.id, importId));
    if (row) await removePieces(ctx.store, row);
    await markFailed(ctx, importId, refusal.code, refusal.message);
  },
  unfinished: async (ctx) =>
    (
      await ctx.db
        .select({ id: archiveImports.id })
        .from(archiveImports)
        .where(inArray(archiveImports.state, ['queued', 'running']))
        .orderBy(archiveImports.createdAt)
        .limit(UNFINISHED_BATCH)
    ).map(({ id }) => ({ importId: id })),
});
