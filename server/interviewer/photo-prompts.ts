import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { PHOTO_PROMPTS_SHOWN, type PhotoPrompt, type PhotoPrompts } from '../../contract/photo-prompts.ts';
import { photoUrl } from '../../contract/photos.ts';
import type { Database } from '../db/client.ts';
import { photos } from '../db/schema.ts';

/**
 * GET /api/interviewer/photo-prompts: the person's photos that have no story yet, newest
 * first, each offered as "Tell me about this picture". A photo has a story when a story is
 * its home, when its home is a recording in a story, or when a recording was told about it.
 */
export async function photosWithoutStory(db: Database, userId: string): Promise<PhotoPrompts> {
  const rows = await db
    .select({ id: photos.id, caption: photos.caption, takenOn: photos.takenOn, storyId: photos.storyId })
    .from(photos)
    .where(
      and(
        eq(photos.userId, userId),
        isNull(photos.storyId),
        sql`not exists (select 1 from "recordings" r where r."id" = ${photos.recordingId} and r."story_id" is not null)`,
        sql`not exists (select 1 from "recordings" r where r."about_photo_id" = ${photos.id})`,
      ),
    )
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(PHOTO_PROMPTS_SHOWN);
  return { photos: rows.map(photoPrompt) };
}

/** One photo as a prompt, for the recorder and the conversation that open with it: its caption, day taken, story home and thumbnail. */
export const photoPrompt = (photo: { id: number; caption: string; takenOn: string | null; storyId: number | null }): PhotoPrompt => ({
  id: photo.id,
  caption: photo.caption,
  takenOn: photo.takenOn,
  storyId: photo.storyId,
  thumbUrl: photoUrl(photo.id, 'thumb'),
});
