import { eq, sql } from 'drizzle-orm';
import { photoUrl } from '../../contract/photos.ts';
import type { Actor } from '../access/actor.ts';
import { load } from '../access/loaders.ts';
import type { Database } from '../db/client.ts';
import { stories } from '../db/schema.ts';

/**
 * The photo a story shows as its cover: the one chosen (`stories.cover_photo_id`), else its
 * first photo by position. A column for the story's own select, so a page of the library or
 * the timeline reads its covers in its one query (`photos_story` index), never one a row.
 * Spelt out: drizzle writes a selected column unqualified, and a bare "id" inside would be the photo's.
 */
export const shownCoverPhotoId = sql<number | null>`coalesce("stories"."cover_photo_id", (select p."id" from "photos" p where p."story_id" = "stories"."id" order by p."position", p."id" limit 1))`;

/** A photo's thumbnail url, or null for none: what list rows and details carry (never an original). */
export const thumbUrlOf = (photoId: number | null | undefined) => (photoId == null ? null : photoUrl(Number(photoId), 'thumb'));

/** One story's shown cover, for the reads of a single story (its detail, its edits). */
export async function storyCoverPhotoId(db: Pick<Database, 'select'>, storyId: number): Promise<number | null> {
  const [row] = await db.select({ id: shownCoverPhotoId }).from(stories).where(eq(stories.id, storyId));
  return row?.id == null ? null : Number(row.id);
}

/**
 * A photo chosen as a story's cover or a person's portrait: one of the actor's own (any home,
 * or none), else the photo's 404; null clears the choice.
 */
export async function chosenPhoto(db: Pick<Database, 'select'>, actor: Actor, photoId: number | null): Promise<number | null> {
  if (photoId === null) return null;
  return (await load(db, actor, 'photo', photoId, 'update')).id;
}
