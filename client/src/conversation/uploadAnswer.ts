import { ApiRequestError } from '../api/request.ts';
import { uploadRecording } from '../api/uploads.ts';
import type { RecordingUploadResponse } from '../../../contract/uploads.ts';
import { recordingForm, recordingUploadPath, type RecordingUpload } from '../recorder/recordingUpload.ts';

/** Waits between upload tries: a dropped connection often comes back within seconds. */
export const UPLOAD_RETRY_MS = [1000, 3000, 8000] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether another try could succeed: no answer, or the server's passing trouble; a refusal (4xx) will not change. */
export function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Uploads one answer, trying again after a passing failure; throws the last error. */
export async function uploadAnswer(upload: RecordingUpload): Promise<RecordingUploadResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await uploadRecording(recordingUploadPath(upload.context), recordingForm(upload));
    } catch (error) {
      if (attempt >= UPLOAD_RETRY_MS.length || !worthRetrying(error)) throw error;
      await sleep(UPLOAD_RETRY_MS[attempt]);
    }
  }
}
