import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FamilyReplyView } from '../../contract/family.ts';
import type { FamilyReaderActor } from '../access/actor.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { deleteRecording } from '../recordings/recording-changes.ts';
import type { UploadForm } from '../recordings/upload-form.ts';
import type { UploadQuotas } from '../recordings/upload-quota.ts';
import { type UploadDependencies, uploadRecording } from '../recordings/upload-recording.ts';
import type { BlobStore } from '../storage/index.ts';
import { presentReply } from './responses.ts';

type RecordingRow = ResourceRows['recording'];

/**
 * A reader's voice reply: the owner's own upload path, as a co-author's contribution goes
 * (quotas counted for the reader and the owner before a byte is read, the type sniffed, the
 * length measured, stored under the owner, transcribed), in the story's language, under the
 * reader's name with their member id. The story is marked as having a new recording: the
 * owner weaves it in, or not, as with any contribution; nothing rewrites it on its own.
 */
export async function addReply(
  deps: UploadDependencies & { quotas: UploadQuotas },
  reader: FamilyReaderActor,
  story: Authorized<ResourceRows['story'], 'respond'>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FamilyReplyView> {
  const [owner] = await deps.db.select().from(users).where(eq(users.id, story.userId));
  if (!owner) throw notFound('Story not found');
  const form = await deps.quotas.readUpload({ userId: owner.id, member: { id: reader.memberId } }, request, reply);
  const result = await uploadRecording(deps, { actor: reader, owner }, replyForm(form), {
    kind: 'story',
    row: story,
    contributor: { name: reader.name, familyMemberId: reader.memberId },
  });
  return presentReply(result.recording, reader);
}

/** Only the audio and the recorder's own notes: the owner's choices (models, tone, questions) are not a reader's. */
function replyForm(form: UploadForm): UploadForm {
  const { duration, clientTimestamp, userAgent } = form.fields;
  return { ...form, fields: { duration, clientTimestamp, userAgent } };
}

/** Removes a reader's own voice reply and its audio (the policy: their own, on their storyteller's story). */
export async function deleteReply(db: Database, store: BlobStore, recording: Authorized<RecordingRow, 'delete'>): Promise<void> {
  // The route is for voice replies: the owner's own recordings are deleted on their own route.
  if (recording.familyMemberId === null) throw notFound('Recording not found');
  await deleteRecording(db, store, recording);
}
