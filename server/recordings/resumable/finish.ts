import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { SignedInActor } from '../../access/actor.ts';
import type { Authorized } from '../../access/policies.ts';
import type { Database } from '../../db/client.ts';
import { recordingUploads } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/index.ts';
import { makeTempFolder } from '../../storage/temp-folders.ts';
import { assemblePieces } from '../../uploads/assemble.ts';
import { removePieces } from '../../uploads/pieces.ts';
import { ownUpload } from '../save-recording.ts';
import { uploadRefusal } from '../upload-errors.ts';
import { parseUploadFields, type UploadForm } from '../upload-form.ts';
import { refuseOverRoom } from '../upload-quota.ts';
import { uploadRecording, type UploadResult } from '../upload-recording.ts';
import type { RecordingUploadDependencies } from './dependencies.ts';
import { RECORDING_PIECES } from './pieces.ts';
import { recordingOfUpload, type RecordingUploadRow } from './presenter.ts';
import { resumableRefusal } from './refusals.ts';

/**
 * Makes the recording of an upload whose every piece is in: the pieces joined into one
 * temporary file and passed to the multipart upload's own `uploadRecording` (type sniffed,
 * duration decoded, limits, storage, context authorized, transcription queued), held to the
 * account's room again. Then the upload is done, naming its recording, and its pieces go.
 * A finish repeated, or a take stored meanwhile by another upload, answers that recording
 * (`alreadyStored`).
 */
export async function finishUpload(
  deps: RecordingUploadDependencies,
  actor: SignedInActor,
  upload: Authorized<RecordingUploadRow, 'update'>,
): Promise<{ row: RecordingUploadRow; result: UploadResult }> {
  if (upload.state === 'done') return doneAnswer(deps.db, upload);
  if (upload.receivedBytes !== upload.sizeBytes) throw resumableRefusal.incomplete();
  refuseOverRoom(await deps.quotas.room({ userId: upload.userId }), upload.sizeBytes);

  const result = await uploadRecording(deps, ownUpload(actor), await assembledForm(deps.store, upload));
  return { row: await markDone(deps, upload, result.recording.id), result };
}

/** The pieces as one upload form: the file the multipart upload would have spooled, and its fields. */
async function assembledForm(store: BlobStore, upload: RecordingUploadRow): Promise<UploadForm> {
  const { dir, remove } = await makeTempFolder('upload').catch((error: unknown) => {
    throw diskFullOr(error);
  });
  try {
    const audioFile = path.join(dir, 'audio');
    const size = await assemblePieces(store, RECORDING_PIECES, upload, audioFile);
    if (size !== upload.sizeBytes) throw new Error(`the pieces of upload ${upload.id} hold ${size} bytes, not ${upload.sizeBytes}`);
    const fields = { ...parseUploadFields(upload.fields), takeId: upload.takeId };
    return { audioFile, sizeBytes: size, filename: undefined, fields, discard: remove };
  } catch (error) {
    await remove();
    throw diskFullOr(error);
  }
}

const diskFullOr = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' ? uploadRefusal.storageFull() : error;
};

/** The upload is its recording now: marked done (once, whoever finishes first), its pieces removed. */
export async function markDone(deps: { db: Database; store: BlobStore }, upload: RecordingUploadRow, recordingId: number): Promise<RecordingUploadRow> {
  const [done] = await deps.db
    .update(recordingUploads)
    .set({ state: 'done', recordingId, receivedBytes: upload.sizeBytes, updatedAt: new Date() })
    .where(and(eq(recordingUploads.id, upload.id), eq(recordingUploads.state, 'uploading')))
    .returning();
  await removePieces(deps.store, RECORDING_PIECES, upload);
  return done ?? (await deps.db.select().from(recordingUploads).where(eq(recordingUploads.id, upload.id)))[0] ?? upload;
}

async function doneAnswer(db: Database, upload: RecordingUploadRow): Promise<{ row: RecordingUploadRow; result: UploadResult }> {
  const result = await recordingOfUpload(db, upload);
  if (!result) throw new Error(`upload ${upload.id} is done without its recording`);
  return { row: upload, result };
}

