import { ARCHIVE_LIMITS, type ArchiveImport } from '../../../contract/archive.ts';
import type { archiveImports } from '../../db/schema.ts';

export type ImportRow = typeof archiveImports.$inferSelect;

/** Every piece is this long but the last (contract/archive.ts). */
export const CHUNK_BYTES = ARCHIVE_LIMITS.importChunkBytes;

/** An import as the API shows it. */
export function presentImport(row: ImportRow): ArchiveImport {
  return {
    id: row.id,
    state: row.state,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    receivedBytes: row.receivedBytes,
    chunkSize: CHUNK_BYTES,
    progress: { done: row.progressDone, total: row.progressTotal },
    counts: row.counts ?? null,
    error: row.error,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
