import { and, eq, lt } from 'drizzle-orm';
import { ARCHIVE_LIMITS } from '../../../contract/archive.ts';
import type { Database } from '../../db/client.ts';
import { archiveImports } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/index.ts';
import { sweepStaleUploads } from '../../uploads/sweep-stale.ts';
import { IMPORT_PIECES } from './keys.ts';

const unfinishedSince = (cutoff: Date) => and(eq(archiveImports.state, 'uploading'), lt(archiveImports.updatedAt, cutoff));

/**
 * Removes uploads of an archive left unfinished for longer than `importUploadKeptHours` (a
 * closed tab, a file never sent whole), by the rule of every upload in pieces.
 */
export function sweepStaleImportUploads(db: Database, store: BlobStore, now = new Date()): Promise<number> {
  return sweepStaleUploads(
    store,
    IMPORT_PIECES,
    ARCHIVE_LIMITS.importUploadKeptHours,
    {
      staleSince: (cutoff) => db.select().from(archiveImports).where(unfinishedSince(cutoff)).limit(500),
      removeIfStale: async (upload, cutoff) =>
        (await db.delete(archiveImports).where(and(eq(archiveImports.id, upload.id), unfinishedSince(cutoff))).returning({ id: archiveImports.id })).length > 0,
    },
    now,
  );
}
