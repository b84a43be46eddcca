import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { ResumableStart } from '../../../contract/resumable-uploads.ts';
import type { SignedInActor } from '../../access/actor.ts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../storage/index.ts';
import { recordingUploads } from '../../db/schema.ts';
import { fieldError } from '../../http/errors.ts';
import { refuseUnstorableText } from '../../http/storable-text.ts';
import { storedTake } from '../takes.ts';
import { parseUploadFields, uploadFieldsSchema } from '../upload-form.ts';
import { refuseOverRoom, type UploadQuotas } from '../upload-quota.ts';
import { markDone } from './finish.ts';
import type { RecordingUploadRow } from './presenter.ts';
import { resumableRefusal } from './refusals.ts';

/** As many text fields as a multipart upload may have. */
const MAX_FIELDS = 40;

/** The upload's fields the recording uses, as sent (checked again by the same rules when it is finished). */
function keptFields(fields: Record<string, string>): Record<string, string> {
  if (Object.keys(fields).length > MAX_FIELDS) throw fieldError('fields', 'too many fields');
  parseUploadFields(fields, 'fields');
  return Object.fromEntries(Object.entries(fields).filter(([name]) => name in uploadFieldsSchema.shape && name !== 'takeId'));
}

export async function uploadOfTake(db: Pick<Database, 'select'>, userId: string, takeId: string): Promise<RecordingUploadRow | undefined> {
  const [row] = await db.select().from(recordingUploads).where(and(eq(recordingUploads.userId, userId), eq(recordingUploads.takeId, takeId)));
  return row;
}

/**
 * Starts the upload in pieces of one take, or answers the one it has (`created` false): an
 * upload under way to continue, or, when the take is a recording already (sent whole, or in
 * pieces before), a done upload naming it. A new one is counted as any upload is and must fit
 * the room the account has (the multipart upload's quotas, upload-quota.ts).
 */
export async function startResumable(
  deps: { db: Database; store: BlobStore; quotas: UploadQuotas },
  actor: SignedInActor,
  body: ResumableStart,
  reply: FastifyReply,
): Promise<{ row: RecordingUploadRow; created: boolean }> {
  const { db } = deps;
  const userId = actor.user.id;
  refuseUnstorableText(body.mimeType, 'mimeType');
  const fields = keptFields(body.fields);

  const existing = await uploadOfTake(db, userId, body.takeId);
  const stored = await storedTake(db, userId, body.takeId);
  if (existing?.state === 'uploading' && stored) {
    // Sent whole meanwhile (the recorder's multipart upload): the pieces are not needed.
    return { row: await markDone(deps, existing, stored.recording.id), created: false };
  }
  if (existing) {
    if (existing.state === 'uploading' && existing.sizeBytes !== body.sizeBytes) throw resumableRefusal.takeChanged();
    return { row: existing, created: false };
  }
  if (stored) {
    const { recording } = stored;
    const done = { state: 'done' as const, recordingId: recording.id, sizeBytes: recording.sizeBytes, receivedBytes: recording.sizeBytes };
    return { row: await insertOrExisting(db, { userId, takeId: body.takeId, mimeType: body.mimeType, fields, ...done }), created: false };
  }

  refuseOverRoom(await deps.quotas.admit({ userId }, reply), body.sizeBytes);
  const values = { userId, takeId: body.takeId, mimeType: body.mimeType, fields, sizeBytes: body.sizeBytes };
  const [created] = await db.insert(recordingUploads).values(values).onConflictDoNothing().returning();
  // The same take started at the same moment (two tabs, the page and its service worker): one upload.
  return created ? { row: created, created: true } : { row: await theUploadOfTake(db, userId, body.takeId), created: false };
}

async function insertOrExisting(db: Database, values: typeof recordingUploads.$inferInsert): Promise<RecordingUploadRow> {
  const [row] = await db.insert(recordingUploads).values(values).onConflictDoNothing().returning();
  return row ?? theUploadOfTake(db, values.userId, values.takeId);
}

async function theUploadOfTake(db: Database, userId: string, takeId: string): Promise<RecordingUploadRow> {
  const row = await uploadOfTake(db, userId, takeId);
  if (!row) throw new Error(`the upload of take ${takeId} is gone`);
  return row;
}
