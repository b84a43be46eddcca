import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { archiveExports } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/index.ts';

const BATCH = 500;

/**
 * Removes the ZIPs of exports past their expiresAt and marks them expired (the download refuses
 * them by the clock already; this frees the space). The file goes first: a sweep cut off between
 * the two leaves a ready row whose file is gone, which the next sweep finishes.
 */
export async function sweepExpiredExports(db: Database, store: BlobStore, now = new Date()): Promise<{ expired: number }> {
  let expired = 0;
  for (;;) {
    const rows = await db
      .select({ id: archiveExports.id, blobKey: archiveExports.blobKey })
      .from(archiveExports)
      .where(and(eq(archiveExports.state, 'ready'), lte(archiveExports.expiresAt, now)))
      .limit(BATCH);
    for (const row of rows) {
      if (row.blobKey) await store.delete(row.blobKey);
      await db.update(archiveExports).set({ state: 'expired', blobKey: null }).where(and(eq(archiveExports.id, row.id), eq(archiveExports.state, 'ready')));
      expired += 1;
    }
    if (rows.length < BATCH) return { expired };
  }
}
