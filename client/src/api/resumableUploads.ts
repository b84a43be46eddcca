import { currentUserSchema } from '../../../contract/auth.ts';
import { resumableUploadSchema, type ResumableStart, type ResumableUpload } from '../../../contract/resumable-uploads.ts';
import { recordingUploadResponseSchema, type RecordingUploadResponse } from '../../../contract/uploads.ts';
import { apiRequest, getJson } from './request.ts';

// A recording uploaded in pieces (contract/resumable-uploads.ts). No React here: the service
// worker calls these through the outbox (client/src/outbox/uploadWaiting.ts).
const RESUMABLE = '/api/recordings/resumable';

/** POST /api/recordings/resumable: a new upload for this take, or the one it already has (to go on, or `done`). */
export async function startResumableUpload(body: ResumableStart): Promise<ResumableUpload> {
  return resumableUploadSchema.parse(await apiRequest('POST', RESUMABLE, body));
}

/** GET /api/recordings/resumable/{id}: where the upload stands. */
export async function readResumableUpload(id: string): Promise<ResumableUpload> {
  return resumableUploadSchema.parse(await getJson<unknown>(`${RESUMABLE}/${encodeURIComponent(id)}`));
}

/**
 * How long one piece may take before it counts as a lost connection: 512 KB in three minutes is
 * about 23 kbit/s, slower than any connection that still carries a page. A connection that
 * stalls without dropping would otherwise hold the one uploader forever.
 */
const PIECE_TIMEOUT_MS = 3 * 60_000;

/** PUT /api/recordings/resumable/{id}/pieces/{index}: one piece, as bytes. */
export async function sendResumablePiece(id: string, index: number, piece: Blob): Promise<ResumableUpload> {
  const bytes = new Blob([piece], { type: 'application/octet-stream' });
  const signal = AbortSignal.timeout(PIECE_TIMEOUT_MS);
  return resumableUploadSchema.parse(await apiRequest('PUT', `${RESUMABLE}/${encodeURIComponent(id)}/pieces/${index}`, bytes, { signal }));
}

/** POST /api/recordings/resumable/{id}/finish: the recording, saved from the pieces (or the one saved before). */
export async function finishResumableUpload(id: string): Promise<RecordingUploadResponse> {
  return recordingUploadResponseSchema.parse(await apiRequest('POST', `${RESUMABLE}/${encodeURIComponent(id)}/finish`));
}

/** The signed-in user's id, or null when nobody is signed in (the uploader sends only that user's takes). */
export async function signedInUserId(): Promise<string | null> {
  const body = await getJson<unknown>('/api/auth/user', 'returnNull');
  return body === null ? null : currentUserSchema.parse(body).id;
}
