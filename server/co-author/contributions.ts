import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type Contribution,
  type ContributionResult,
  CONTRIBUTIONS_LIMIT,
  type CoAuthorView,
  contributorNameSchema,
} from '../../contract/co-author.ts';
import { signatureName } from '../../contract/author-name.ts';
import { toLanguage } from '../../contract/languages.ts';
import type { CoAuthorActor } from '../access/actor.ts';
import { load } from '../access/loaders.ts';
import { type Authorized, can, type ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { recordings, users } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { deleteRecording } from '../recordings/recording-changes.ts';
import type { UploadForm } from '../recordings/upload-form.ts';
import type { UploadQuotas } from '../recordings/upload-quota.ts';
import { type UploadDependencies, uploadRecording } from '../recordings/upload-recording.ts';
import type { BlobStore } from '../storage/index.ts';
import { contributorKeyOf, hashContributorKey, newContributorKey } from './contributor-key.ts';
import { invalidLink } from './link-actor.ts';
import { coAuthorPhotos } from './photos.ts';
import { isPgError } from '../db/pg-error.ts';

type RecordingRow = ResourceRows['recording'];

/** A contributor must say who they are (spec: validation for co-authors). */
export const nameRequired = (action: 'upload' | 'delete') =>
  new HttpError(400, 'name_required', `Please enter your name to ${action} recordings`, 'contributorName');

/** The contributor's name, trimmed, or the catalogue's refusal. */
export function contributorNameOrRefuse(value: unknown, action: 'upload' | 'delete'): string {
  const parsed = contributorNameSchema.safeParse(value);
  if (!parsed.success) throw nameRequired(action);
  return parsed.data;
}

/** One contribution as the co-author page shows it; `mine` is whether this browser may delete it. */
export function presentContribution(row: RecordingRow, actor: CoAuthorActor): Contribution {
  return {
    id: row.id,
    contributorName: row.contributorName ?? '',
    transcription: row.transcription,
    processingStatus: row.processingStatus,
    duration: row.duration,
    createdAt: row.createdAt.toISOString(),
    mine: can(actor, 'delete', 'recording', row),
  };
}

/**
 * What a link shows (spec 7.7): the story's title, text and language, the owner's name,
 * the contributions made through any of its links, newest first, and the story's photos.
 * Never the owner's own recordings or anything else of theirs.
 */
export async function coAuthorView(db: Database, actor: CoAuthorActor, token: string): Promise<CoAuthorView> {
  const story = await load(db, actor, 'story', actor.storyId, 'read');
  const [owner] = await db
    .select({ authorName: users.authorName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, story.userId));
  const rows = await db
    .select()
    .from(recordings)
    // A family reader's voice reply is for the circle, not for whoever holds the link.
    .where(and(eq(recordings.storyId, story.id), isNotNull(recordings.contributorName), isNull(recordings.familyMemberId)))
    .orderBy(desc(recordings.createdAt), desc(recordings.id))
    .limit(CONTRIBUTIONS_LIMIT);
  return {
    story: { title: story.title, content: story.content, language: toLanguage(story.language) },
    ownerName: owner ? signatureName(owner) : null,
    recordings: rows.map((row) => presentContribution(row, actor)),
    photos: await coAuthorPhotos(db, actor, story, token),
  };
}

/**
 * A recording through the link: the owner's own upload path (size limit, sniffing,
 * duration, durable store, one transaction that marks the story, transcription queued),
 * in the story's language and the owner's name, with the contributor's name, link and
 * browser key. The browser keeps the key it sent, or gets its first one.
 */
export async function addContribution(
  deps: UploadDependencies & { quotas: UploadQuotas },
  actor: CoAuthorActor,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ContributionResult> {
  const story = await load(deps.db, actor, 'story', actor.storyId, 'addRecording');
  const [owner] = await deps.db.select().from(users).where(eq(users.id, story.userId));
  if (!owner) throw notFound('Story not found');

  let name: string | undefined;
  // Counted against the link's quotas and the owner's before a byte of the body is read.
  const link = { id: actor.tokenId, storyId: story.id };
  const form = await deps.quotas.readUpload({ userId: owner.id, link }, request, reply, {
    checkFields(fields, stage) {
      // The name may still come after the audio; once the form is read it must be there.
      if (stage === 'beforeAudio' && !('contributorName' in fields)) return;
      name = contributorNameOrRefuse(fields.contributorName, 'upload');
    },
  });
  const key = contributorKeyOf(request) ?? newContributorKey();
  const keyHash = hashContributorKey(key);
  const result = await uploadRecording(deps, { actor, owner }, contributionForm(form), {
    kind: 'story',
    row: story,
    contributor: { name: name!, tokenId: actor.tokenId, keyHash },
  }).catch((error: unknown) => {
    // The link was revoked while the audio arrived: nothing was kept, the link is gone.
    throw isPgError(error, 'foreignKeyViolation') ? invalidLink() : error;
  });
  return { recording: presentContribution(result.recording, { ...actor, contributorKeyHash: keyHash }), contributorKey: key };
}

/**
 * Only what a contributor may set: the audio and the recorder's own notes. The owner's
 * choices (models, tone, questions, context) are not theirs to make.
 */
function contributionForm(form: UploadForm): UploadForm {
  const { duration, clientTimestamp, userAgent } = form.fields;
  return { ...form, fields: { duration, clientTimestamp, userAgent } };
}

/**
 * Deletes a contribution and its audio, as the owner's delete does: one the policy let
 * this link's holder delete (made through this link from this browser), under the name
 * given. Another name is the same 404 as a recording that does not exist.
 */
export async function deleteContribution(db: Database, store: BlobStore, recording: Authorized<RecordingRow, 'delete'>, name: string): Promise<void> {
  if (recording.contributorName !== name) throw notFound('Recording not found');
  await deleteRecording(db, store, recording);
}
