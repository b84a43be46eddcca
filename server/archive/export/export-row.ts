import { ARCHIVE_LIMITS, type ArchiveExport, type ArchiveExportState } from '../../../contract/archive.ts';
import type { archiveExports } from '../../db/schema.ts';

export type ExportRow = typeof archiveExports.$inferSelect;

/** The states in which the job still has work: the recovery pass takes them again after a crash. */
export const UNFINISHED_EXPORT_STATES = ['queued', 'running'] as const satisfies readonly ArchiveExportState[];

/** Where the finished ZIP is kept: under the person's own prefix, so deleting the account lists it too. */
export const exportZipKey = (userId: string, exportId: string) => `users/${userId}/exports/${exportId}.zip`;
export const ARCHIVE_MIME_TYPE = 'application/zip';

/** When a ZIP finished now stops being downloadable. */
export const expiryFrom = (finishedAt: Date) => new Date(finishedAt.getTime() + ARCHIVE_LIMITS.exportKeptDays * 24 * 60 * 60 * 1000);

/**
 * The state as the person sees it at `now`: a ready archive past its expiresAt is expired
 * already, before the sweep has removed its file (the one rule the list and the download share).
 */
export function exportStateAt(row: Pick<ExportRow, 'state' | 'expiresAt'>, now: Date): ArchiveExportState {
  if (row.state === 'ready' && row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.state;
}

/** The file name the browser saves: `saaga-archive-YYYY-MM-DD.zip`, the day it was asked for. */
export const archiveDownloadName = (row: Pick<ExportRow, 'createdAt'>) => `saaga-archive-${row.createdAt.toISOString().slice(0, 10)}.zip`;

/** A row as GET /api/account/exports and POST /api/account/export answer it. */
export function presentExport(row: ExportRow, now = new Date()): ArchiveExport {
  const state = exportStateAt(row, now);
  return {
    id: row.id,
    state,
    progress: { done: row.progressDone, total: row.progressTotal },
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: state === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
    error: row.error,
    errorCode: row.errorCode,
    downloadUrl: state === 'ready' ? `/api/account/exports/${row.id}/download` : null,
  };
}
