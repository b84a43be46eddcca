import { eq } from 'drizzle-orm';
import { RESUMABLE_UPLOAD_LIMITS, type ResumableUpload } from '../../../contract/resumable-uploads.ts';
import type { Database } from '../../db/client.ts';
import { recordings, type recordingUploads } from '../../db/schema.ts';
import { uploadResponse } from '../routes.ts';
import { storedBefore } from '../takes.ts';
import type { UploadResult } from '../upload-recording.ts';

export type RecordingUploadRow = typeof recordingUploads.$inferSelect;

/** An upload in pieces as the API shows it; `result` is the recording it became, once done. */
export function presentResumable(row: RecordingUploadRow, result: UploadResult | undefined): ResumableUpload {
  return {
    id: row.id,
    takeId: row.takeId,
    sizeBytes: row.sizeBytes,
    receivedBytes: row.receivedBytes,
    pieceBytes: RESUMABLE_UPLOAD_LIMITS.pieceBytes,
    state: row.state,
    recording: result ? uploadResponse(result) : null,
  };
}

/** The recording a done upload became, as its upload's result. */
export async function recordingOfUpload(db: Pick<Database, 'select'>, row: RecordingUploadRow): Promise<UploadResult | undefined> {
  if (row.recordingId === null) return undefined;
  const [recording] = await db.select().from(recordings).where(eq(recordings.id, row.recordingId));
  return recording && storedBefore(recording);
}

/** An upload with its recording, read as it is now. */
export const presentResumableNow = async (db: Pick<Database, 'select'>, row: RecordingUploadRow) => presentResumable(row, await recordingOfUpload(db, row));
