import { and, eq, sql } from 'drizzle-orm';
import { photoUrl } from '../../contract/photos.ts';
import type { Actor } from '../access/actor.ts';
import { load } from '../access/loaders.ts';
import type { Database } from '../db/client.ts';
import { photos, stories } from '../db/schema.ts';
import { photosOfStory } from './queries.ts';
import type { PhotoRow } from './save-photos.ts';

/**
 * The photo a story shows as its cover: the one chosen (`stories.cover_photo_id`), else its
 * first photo, in `photosOfStory`'s order (its own by position, then its recordings'). A column for the story's own select, so a page of the library or
 * the timeline reads its covers in its one query (`photos_story` index), never one a row.
 * Spelt out: drizzle writes a selected column unqualified, and a bare "id" inside would be the photo's.
 */
export const shownCoverPhotoId = sql<number | null>`coalesce("stories"."cover_photo_id", (select p."id" from "photos" p where p."story_id" = "stories"."id" order by p."position", p."id" limit 1), (select p."id" from "photos" p join "recordings" r on r."id" = p."recording_id" where r."story_id" = "stories"."id" order by r."order_index", r."id", p."position", p."id" limit 1))`;

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

/** Photos with the shown cover first (the chosen one when it is among them, else the first), the rest in their order. */
export function coverFirst<Row extends { id: number }>(rows: Row[], coverPhotoId: number | null): Row[] {
  const cover = rows.find((row) => row.id === coverPhotoId) ?? rows[0];
  return cover ? [cover, ...rows.filter((row) => row !== cover)] : [];
}

/**
 * A story's photos as its pages and books show them: `photosOfStory`, the cover first. A
 * cover chosen from elsewhere among the owner's photos (a person's photo the story was told
 * about) opens them too.
 */
export async function storyPhotosCoverFirst(
  db: Pick<Database, 'select'>,
  story: { id: number; userId: string; coverPhotoId: number | null },
): Promise<PhotoRow[]> {
  const rows = await photosOfStory(db, story.id);
  const coverId = story.coverPhotoId;
  if (coverId === null || rows.some((row) => row.id === coverId)) return coverFirst(rows, coverId);
  const [cover] = await db.select().from(photos).where(and(eq(photos.id, coverId), eq(photos.userId, story.userId)));
  return coverFirst(cover ? [cover, ...rows] : rows, coverId);
}
