import { z } from 'zod';
import { recordingUploadResponseSchema } from './uploads.ts';

/**
 * A recording uploaded in pieces (issue 31, docs/decisions/042-installable-and-offline.md): a
 * take kept on the device while offline goes up piece by piece, and a connection lost half
 * way continues from the server's received count, not from zero. Each take carries an id made
 * on the device (`takeId`); the server keeps one recording per take id and account, so a take
 * sent twice (a lost answer, two tabs, the service worker and the page) is stored once.
 *
 * The calls:
 * - `POST /api/recordings/resumable` with {@link resumableStartSchema}: 201 with a new upload,
 *   or 200 with the one this take id already has (to continue, or `done` with its recording).
 * - `GET /api/recordings/resumable/{id}`: where it stands.
 * - `PUT /api/recordings/resumable/{id}/pieces/{index}` with `application/octet-stream`, each
 *   piece exactly `pieceBytes` long but the last: where it stands. The last piece sent again
 *   (its answer was lost) changes nothing; any other piece out of order is a 409 naming the
 *   next one expected.
 * - `POST /api/recordings/resumable/{id}/finish`: the audio is checked as any upload's is and
 *   the recording saved; 201 with the recording (`RecordingUploadResponse`), or 200 with the
 *   same answer when it was finished before.
 * - `DELETE /api/recordings/resumable/{id}`: an unfinished upload given up; its pieces go.
 *
 * The multipart upload (`POST /api/recordings`, `POST /api/stories/{id}/recordings`) takes the
 * same `takeId` as an optional field, with the same promise.
 */

export const RESUMABLE_UPLOAD_LIMITS = {
  /** One piece: small enough that a weak connection loses little when it drops. */
  pieceBytes: 512 * 1024,
  /** Unfinished uploads are removed after this long (the device still has the take). */
  keptHours: 72,
} as const;

/** The multipart field and the start body's key naming the device's take. */
export const TAKE_ID_FIELD = 'takeId';

export const takeIdSchema = z.uuid();

/**
 * The start of an upload in pieces. `fields` are the multipart upload's text fields
 * (`RECORDING_UPLOAD_FIELDS` but `audio`), as strings, checked by the same rules.
 */
export const resumableStartSchema = z.object({
  takeId: takeIdSchema,
  sizeBytes: z.number().int().positive(),
  mimeType: z.string().min(1).max(100),
  fields: z.record(z.string(), z.string().max(10_000)),
});
export type ResumableStart = z.infer<typeof resumableStartSchema>;

export const RESUMABLE_UPLOAD_STATES = ['uploading', 'done'] as const;

/** Where an upload in pieces stands. `recording` is the saved recording's answer once `done`. */
export const resumableUploadSchema = z.object({
  id: z.string(),
  takeId: z.string(),
  sizeBytes: z.number().int(),
  receivedBytes: z.number().int(),
  pieceBytes: z.number().int(),
  state: z.enum(RESUMABLE_UPLOAD_STATES),
  recording: recordingUploadResponseSchema.nullable(),
});
export type ResumableUpload = z.infer<typeof resumableUploadSchema>;
