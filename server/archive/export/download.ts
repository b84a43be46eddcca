import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authorized } from '../../access/policies.ts';
import { HttpError } from '../../http/errors.ts';
import { sendStoredBlob } from '../../http/send-blob.ts';
import type { BlobStore } from '../../storage/index.ts';
import { ARCHIVE_MIME_TYPE, archiveDownloadName, type ExportRow, exportStateAt } from './export-row.ts';

export const exportNotReady = () => new HttpError(409, 'export_not_ready', 'Your archive is not ready yet');
export const exportExpired = () => new HttpError(410, 'export_expired', 'This archive has expired: make a new one');

/**
 * Sends a ready archive as an attachment, whole or in the byte range asked for, so a cut
 * download resumes. Past its expiresAt it is gone (410) even before the sweep removed the file.
 */
export async function sendExportedArchive(request: FastifyRequest, reply: FastifyReply, store: BlobStore, row: Authorized<ExportRow, 'read'>) {
  const state = exportStateAt(row, new Date());
  if (state === 'expired') throw exportExpired();
  if (state !== 'ready' || !row.blobKey) throw exportNotReady();
  return sendStoredBlob(request, reply, store, {
    key: row.blobKey,
    mimeType: ARCHIVE_MIME_TYPE,
    disposition: `attachment; filename="${archiveDownloadName(row)}"`,
    cacheControl: 'private, no-store',
    missing: 'Archive not found',
  });
}
