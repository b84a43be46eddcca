import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../access/actor.ts';
import { load } from '../access/loaders.ts';
import type { Database } from '../db/client.ts';
import { photos, stories } from '../db/schema.ts';
import { fieldError } from '../http/errors.ts';

type Writer = Pick<Database, 'select' | 'update'>;

/**
 * "Tell me about this picture" (issue 27): the photo a recording is told about, read through
 * the access layer, so another user's photo is a 404 like a missing one. A relative's
 * contribution tells about no photo: the owner's story and photos are not theirs to change.
 */
export async function photoToTellAbout(tx: Writer, actor: Actor, photoId: number | undefined, isContribution: boolean): Promise<number | null> {
  if (photoId === undefined) return null;
  if (isContribution) throw fieldError('aboutPhotoId', 'a contribution cannot be told about a photo');
  return (await load(tx, actor, 'photo', photoId, 'read')).id;
}

/**
 * A story told about a photo (it was made from, or was joined by, a recording of it) takes
 * the photo as its cover, unless the person chose another cover; a loose photo (uploaded
 * for the recording, with no home yet) gets the story as its home, after its other photos.
 * The photo was authorized when it was linked to the recording; both rows are its owner's.
 */
export async function givePhotoToStory(tx: Writer, photoId: number, storyId: number): Promise<void> {
  await tx
    .update(stories)
    .set({ coverPhotoId: photoId })
    .where(and(eq(stories.id, storyId), isNull(stories.coverPhotoId)));
  await tx
    .update(photos)
    .set({
      storyId,
      position: sql`(select coalesce(max(p."position") + 1, 0) from "photos" p where p."story_id" = ${storyId})`,
      updatedAt: new Date(),
    })
    .where(and(eq(photos.id, photoId), isNull(photos.storyId), isNull(photos.recordingId), isNull(photos.personId), isNull(photos.placeId)));
}
