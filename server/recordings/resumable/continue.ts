import { and, eq } from 'drizzle-orm';
import type { Authorized } from '../../access/policies.ts';
import type { Database } from '../../db/client.ts';
import { recordingUploads } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { BlobStore } from '../../storage/index.ts';
import { type ReceivedCount, receivePiece, removePieces } from '../../uploads/pieces.ts';
import { RECORDING_PIECES } from './pieces.ts';
import type { RecordingUploadRow } from './presenter.ts';
import { resumableRefusal } from './refusals.ts';

/** How the table moves an upload's received count (server/uploads/ keeps the pieces). */
const uploadCount = (db: Database): ReceivedCount<RecordingUploadRow> => ({
  advance: async (upload, receivedBytes) =>
    (
      await db
        .update(recordingUploads)
        .set({ receivedBytes, updatedAt: new Date() })
        .where(and(eq(recordingUploads.id, upload.id), eq(recordingUploads.receivedBytes, upload.receivedBytes), eq(recordingUploads.state, 'uploading')))
        .returning()
    )[0],
  current: async (upload) => {
    const [row] = await db.select().from(recordingUploads).where(eq(recordingUploads.id, upload.id));
    // Given up meanwhile: what was stored goes with the rest (the caller's DELETE removed its pieces).
    if (!row) throw notFound('Upload not found');
    return row;
  },
});

/**
 * Keeps one piece by the rule of every upload in pieces (server/uploads/pieces.ts). A finished
 * upload takes no more, and answers where it stands (done, with its recording).
 */
export async function receiveRecordingPiece(
  deps: { db: Database; store: BlobStore },
  upload: Authorized<RecordingUploadRow, 'update'>,
  index: number,
  bytes: Buffer,
): Promise<RecordingUploadRow> {
  if (upload.state === 'done') return upload;
  return receivePiece<RecordingUploadRow>(deps.store, RECORDING_PIECES, uploadCount(deps.db), upload, index, bytes);
}

/** An unfinished upload given up (the person discarded the take): the row, then its pieces, go. */
export async function giveUpUpload(deps: { db: Database; store: BlobStore }, upload: Authorized<RecordingUploadRow, 'delete'>): Promise<void> {
  const gone = await deps.db
    .delete(recordingUploads)
    .where(and(eq(recordingUploads.id, upload.id), eq(recordingUploads.state, 'uploading')))
    .returning({ id: recordingUploads.id });
  if (gone.length === 0) throw resumableRefusal.done();
  await removePieces(deps.store, RECORDING_PIECES, upload);
}
