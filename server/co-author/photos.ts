import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CoAuthorPhoto, CoAuthorPhotoResult } from '../../contract/co-author.ts';
import { coAuthorPhotoUrl, PHOTO_UPLOAD_FIELDS } from '../../contract/photos.ts';
import type { CoAuthorActor } from '../access/actor.ts';
import { load } from '../access/loaders.ts';
import { type Authorized, can, type ResourceRows } from '../access/policies.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { isPgError } from '../db/pg-error.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { rateLimitCounters } from '../http/rate-limit/counters.ts';
import type { PhotoQuotas } from '../photos/photo-quota.ts';
import { deletePhoto } from '../photos/photo-changes.ts';
import { coverFirst } from '../photos/cover.ts';
import { photosOfStory } from '../photos/queries.ts';
import { savePhotoUpload } from '../photos/save-photos.ts';
import type { BlobStore } from '../storage/index.ts';
import { contributorNameSchema } from '../../contract/co-author.ts';
import { contributorKeyOf, hashContributorKey, newContributorKey } from './contributor-key.ts';
import { invalidLink } from './link-actor.ts';

type PhotoRow = ResourceRows['photo'];

const HOUR_MS = 60 * 60 * 1000;

/** The link's own hour of photo uploads is used up (LINK_UPLOADS_PER_HOUR, as for its recordings). */
export const photoLinkLimit = () =>
  new HttpError(429, 'photo_link_limit', 'This link has received as many photos as one hour allows. Please try again later.');

/** A relative must say who they are before their photos are taken (like their recordings). */
export const photoNameRequired = (action: 'add' | 'delete') =>
  new HttpError(400, 'photo_name_required', `Please enter your name to ${action} photos`, PHOTO_UPLOAD_FIELDS.contributorName);

/** One photo as the co-author page shows it, at this link's addresses; `mine`: this browser may delete it. */
export function presentCoAuthorPhoto(row: PhotoRow, actor: CoAuthorActor, token: string): CoAuthorPhoto {
  return {
    id: row.id,
    caption: row.caption,
    width: row.width,
    height: row.height,
    urls: { thumb: coAuthorPhotoUrl(token, row.id, 'thumb'), display: coAuthorPhotoUrl(token, row.id, 'display') },
    contributorName: row.contributorName,
    mine: can(actor, 'delete', 'photo', row),
  };
}

/**
 * The story's photos a link's holder sees (the photo policy: the story's own, the owner's
 * and every relative's; not those kept on the owner's recordings), the cover first.
 */
export async function coAuthorPhotos(db: Database, actor: CoAuthorActor, story: ResourceRows['story'], token: string): Promise<CoAuthorPhoto[]> {
  const visible = (await photosOfStory(db, story.id)).filter((row) => can(actor, 'read', 'photo', row));
  return coverFirst(visible, story.coverPhotoId).map((row) => presentCoAuthorPhoto(row, actor, token));
}

/**
 * Photos through the link: the owner's own upload path (the same checks and limits, counted
 * against the owner's photo quota and hour, and the link's own hour first), added to the story under the contributor's name, link
 * and browser key. The browser keeps the key it sent, or gets its first one.
 */
export async function addCoAuthorPhotos(
  deps: { config: Pick<Config, 'uploadLimits'>; db: Database; store: BlobStore; photoQuotas: PhotoQuotas },
  actor: CoAuthorActor,
  token: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CoAuthorPhotoResult> {
  const story = await load(deps.db, actor, 'story', actor.storyId, 'addRecording');
  // The link's own hour first (as its recordings'), so one link cannot spend all of its owner's.
  const hit = await rateLimitCounters(deps.db).hit(`photo-uploads:link:${actor.tokenId}`, HOUR_MS);
  if (hit.hits > deps.config.uploadLimits.linkPerHour) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(hit.ttlMs / 1000))));
    throw photoLinkLimit();
  }
  let name: string | undefined;
  const form = await deps.photoQuotas.readUpload(story.userId, request, reply, {
    linkTokenId: actor.tokenId,
    // Before the first image is taken, and again once the form is read.
    checkFields(fields) {
      const parsed = contributorNameSchema.safeParse(fields[PHOTO_UPLOAD_FIELDS.contributorName]);
      if (!parsed.success) throw photoNameRequired('add');
      name = parsed.data;
    },
  });
  const key = contributorKeyOf(request) ?? newContributorKey();
  const keyHash = hashContributorKey(key);
  const rows = await savePhotoUpload(
    deps,
    { owner: { id: story.userId }, contributor: { name: name!, tokenId: actor.tokenId, keyHash } },
    form,
    { kind: 'story', row: story },
  ).catch((error: unknown) => {
    // The link was revoked while the photos arrived: nothing was kept, the link is gone.
    throw isPgError(error, 'foreignKeyViolation') ? invalidLink() : error;
  });
  const now = { ...actor, contributorKeyHash: keyHash };
  return { photos: rows.map((row) => presentCoAuthorPhoto(row, now, token)), contributorKey: key };
}

/**
 * Deletes a relative's photo and its copies, as the owner's delete does: one the policy let
 * this link's holder delete (added through this link from this browser), under the name
 * given. Another name is the same 404 as a photo that does not exist.
 */
export async function deleteCoAuthorPhoto(db: Database, store: BlobStore, photo: Authorized<PhotoRow, 'delete'>, name: string): Promise<void> {
  if (photo.contributorName !== name) throw notFound('Photo not found');
  await deletePhoto(db, store, photo);
}
