import { and, eq, lt } from 'drizzle-orm';
import { ARCHIVE_LIMITS } from '../../../contract/archive.ts';
import type { Database } from '../../db/client.ts';
import { archiveImports } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/index.ts';
import { removePieces } from './keys.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Removes uploads of an archive left unfinished for longer than `importUploadKeptHours`
 * (a closed tab, a file never sent whole): their pieces first, then the row. Answers how
 * many went; several processes sweeping at once do no harm.
 */
export async function sweepStaleImportUploads(db: Database, store: BlobStore, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ARCHIVE_LIMITS.importUploadKeptHours * HOUR_MS);
  const stale = await db
    .select()
    .from(archiveImports)
    .where(and(eq(archiveImports.state, 'uploading'), lt(archiveImports.updatedAt, cutoff)))
    .limit(500);
  let removed = 0;
  for (const upload of stale) {
    await removePieces(store, upload);
    const gone = await db
      .delete(archiveImports)
      .where(and(eq(archiveImports.id, upload.id), eq(archiveImports.state, 'uploading'), lt(archiveImports.updatedAt, cutoff)))
      .returning({ id: archiveImports.id });
    removed += gone.length;
  }
  return removed;
}
