import { and, asc, eq } from 'drizzle-orm';
import { type PublicPhoto, publishedPhotoUrl } from '../../contract/photos.ts';
import type { Database } from '../db/client.ts';
import { photos, publishedPhotos, type stories } from '../db/schema.ts';
import type { Transaction } from '../jobs/send-job.ts';
import { storyPhotosCoverFirst } from '../photos/cover.ts';
import type { PublishedStoryRow } from './presenter.ts';

type PhotoRow = typeof photos.$inferSelect;
type StoryRow = typeof stories.$inferSelect;

/**
 * Chooses the public copy's photos as the story shows them now (`storyPhotosCoverFirst`), with
 * their captions now:
 * like the text, the page shows them as they were published until the next publish. Runs in
 * the publish's transaction, with the story row it locked.
 */
export async function snapshotPhotos(tx: Transaction, publishedStoryId: number, story: StoryRow): Promise<void> {
  await tx.delete(publishedPhotos).where(eq(publishedPhotos.publishedStoryId, publishedStoryId));
  const chosen = await storyPhotosCoverFirst(tx, story);
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
  const now = (await storyPhotosCoverFirst(db, story)).map((photo) => `${photo.id}:${photo.caption}`);
  const published = await db
    .select({ id: publishedPhotos.photoId, caption: publishedPhotos.caption })
    .from(publishedPhotos)
    .where(eq(publishedPhotos.publishedStoryId, copy.id))
    .orderBy(asc(publishedPhotos.position));
  return now.join('\n') !== published.map((photo) => `${photo.id}:${photo.caption}`).join('\n');
}
