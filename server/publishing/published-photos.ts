import { and, asc, eq } from 'drizzle-orm';
import { type PublicPhoto, publishedPhotoUrl } from '../../contract/photos.ts';
import type { Database } from '../db/client.ts';
import { photos, publishedPhotos, type stories } from '../db/schema.ts';
import type { Transaction } from '../jobs/send-job.ts';
import { photosOfStory } from '../photos/queries.ts';
import type { PublishedStoryRow } from './presenter.ts';

type PhotoRow = typeof photos.$inferSelect;
type StoryRow = typeof stories.$inferSelect;

/** The story's photos in the order its public page shows them: the cover (the chosen one, else the first), then the others in order. */
export function coverFirst<Row extends { id: number }>(rows: Row[], coverPhotoId: number | null): Row[] {
  const cover = rows.find((row) => row.id === coverPhotoId) ?? rows[0];
  return cover ? [cover, ...rows.filter((row) => row !== cover)] : [];
}

/**
 * The photos a publish now would show: the story's (its own, then its recordings', as
 * `photosOfStory` orders them), the cover first; a cover chosen from elsewhere among the
 * owner's photos (a person's, say) opens them too.
 */
async function photosToPublish(db: Pick<Database, 'select'>, story: StoryRow): Promise<PhotoRow[]> {
  const rows = await photosOfStory(db, story.id);
  const coverId = story.coverPhotoId;
  if (coverId === null || rows.some((row) => row.id === coverId)) return coverFirst(rows, coverId);
  const [cover] = await db.select().from(photos).where(and(eq(photos.id, coverId), eq(photos.userId, story.userId)));
  return coverFirst(cover ? [cover, ...rows] : rows, coverId);
}

/**
 * Chooses the public copy's photos as the story has them now (`photosToPublish`), with
 * their captions now:
 * like the text, the page shows them as they were published until the next publish. Runs in
 * the publish's transaction, with the story row it locked.
 */
export async function snapshotPhotos(tx: Transaction, publishedStoryId: number, story: StoryRow): Promise<void> {
  await tx.delete(publishedPhotos).where(eq(publishedPhotos.publishedStoryId, publishedStoryId));
  const chosen = await photosToPublish(tx, story);
  if (chosen.length === 0) return;
  await tx
    .insert(publishedPhotos)
    .values(chosen.map((photo, position) => ({ publishedStoryId, photoId: photo.id, position, caption: photo.caption })));
}

/** The photos a public copy shows, in order, with their captions as published. */
export async function publishedPhotosOf(db: Database, copy: Pick<PublishedStoryRow, 'id' | 'slug'>): Promise<PublicPhoto[]> {
  const rows = await db
    .select({ photo: photos, caption: publishedPhotos.caption })
    .from(publishedPhotos)
    .innerJoin(photos, eq(photos.id, publishedPhotos.photoId))
    .where(eq(publishedPhotos.publishedStoryId, copy.id))
    .orderBy(asc(publishedPhotos.position));
  return rows.map(({ photo, caption }) => ({
    id: photo.id,
    caption,
    width: photo.width,
    height: photo.height,
    urls: { thumb: publishedPhotoUrl(copy.slug, photo.id, 'thumb'), display: publishedPhotoUrl(copy.slug, photo.id, 'display') },
  }));
}

/** One photo the public copy shows, or undefined: a photo of another story (or of no published one) is not there. */
export async function publishedPhoto(db: Database, copy: Pick<PublishedStoryRow, 'id'>, photoId: number): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select({ photo: photos })
    .from(publishedPhotos)
    .innerJoin(photos, eq(photos.id, publishedPhotos.photoId))
    .where(and(eq(publishedPhotos.publishedStoryId, copy.id), eq(publishedPhotos.photoId, photoId)));
  return row?.photo;
}

/** Whether the story's photos (which, their order, the cover, their captions) changed since publishing: the card then says the page is outdated. */
export async function photosChangedSincePublishing(db: Database, copy: Pick<PublishedStoryRow, 'id'>, story: StoryRow): Promise<boolean> {
  const now = (await photosToPublish(db, story)).map((photo) => `${photo.id}:${photo.caption}`);
  const published = await db
    .select({ id: publishedPhotos.photoId, caption: publishedPhotos.caption })
    .from(publishedPhotos)
    .where(eq(publishedPhotos.publishedStoryId, copy.id))
    .orderBy(asc(publishedPhotos.position));
  return now.join('\n') !== published.map((photo) => `${photo.id}:${photo.caption}`).join('\n');
}
