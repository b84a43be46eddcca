import type { PrintBook } from '../../../contract/print-book.ts';
import type { printBooks } from '../../db/schema.ts';

export type PrintRow = typeof printBooks.$inferSelect;

/** The states the job still has work in. */
export const UNFINISHED_PRINT_STATES = ['queued', 'running'] as const;

/** Where a print's two files are kept while it is ready. */
export const printFileKey = (row: Pick<PrintRow, 'userId' | 'id'>, part: 'interior' | 'cover') => `users/${row.userId}/print/${row.id}/${part}.pdf`;

/** The two downloads' paths. */
export const printFilePath = (autobiographyId: number, part: 'interior' | 'cover') => `/api/autobiographies/${autobiographyId}/print/${part}.pdf`;

/** GET /api/autobiographies/{id}/print: the book's print, or `none` before the first. */
export function presentPrint(autobiographyId: number, row: PrintRow | undefined): PrintBook {
  if (!row) {
    return {
      state: 'none', trim: null, coverPhotoId: null, dedication: null, progress: { done: 0, total: 0 }, pageCount: null, spineInches: null,
      warnings: [], error: null, errorCode: null, createdAt: null, finishedAt: null, interiorUrl: null, coverUrl: null,
    };
  }
  const ready = row.state === 'ready';
  return {
    state: row.state,
    trim: row.trim,
    coverPhotoId: row.coverPhotoId,
    dedication: row.dedication,
    progress: { done: row.progressDone, total: row.progressTotal },
    pageCount: row.pageCount,
    spineInches: row.spineInches,
    warnings: row.warnings,
    error: row.error,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    interiorUrl: ready ? printFilePath(autobiographyId, 'interior') : null,
    coverUrl: ready ? printFilePath(autobiographyId, 'cover') : null,
  };
}
