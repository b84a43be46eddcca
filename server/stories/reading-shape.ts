import { signatureName } from '../../contract/author-name.ts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FamilyStoryView } from '../../contract/family-reading.ts';
import type { FamilyReaderActor } from '../access/actor.ts';
import { can } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { recordings, type stories, users } from '../db/schema.ts';
import { storyPhotosCoverFirst } from '../photos/cover.ts';
import { photoUrl } from '../../contract/photos.ts';
import { LANGUAGES } from '../../contract/languages.ts';
import { chapterTitles, namesOfStories, periodOf } from './reading-details.ts';

type StoryRow = typeof stories.$inferSelect;

/** Where a recording's audio plays (the owner's audio route, open to the story's readers). */
export const audioUrlOf = (recordingId: number) => `/api/recordings/${recordingId}/audio`;

/**
 * A shared story as a family reader reads it (GET /api/stories/{id} when the caller is a
 * reader): its words, when it happened, its chapter, the names it gives, its photos (derived
 * copies only) and its recordings to listen to. Left out on purpose: the writing settings
 * (point of view, style, tone), prompt and question ids, processing state, the hand-edit
 * marks and AI metadata, transcripts and their edits, follow-ups, co-author links, and the
 * voice replies of readers (those are the responses' to show).
 */
export async function storyForReader(db: Database, reader: FamilyReaderActor, story: StoryRow): Promise<FamilyStoryView> {
  const [titles, names, photoRows, recordingRows, [teller]] = await Promise.all([
    chapterTitles(db, reader, [story.chapterId]),
    namesOfStories(db, reader, [story.id]),
    storyPhotosCoverFirst(db, story),
    db
      .select({ id: recordings.id, duration: recordings.duration, contributorName: recordings.contributorName })
      .from(recordings)
      .where(and(eq(recordings.storyId, story.id), isNull(recordings.familyMemberId)))
      .orderBy(asc(recordings.orderIndex), asc(recordings.id)),
    db.select({ authorName: users.authorName, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, story.userId)),
  ]);
  const chapterTitle = story.chapterId !== null ? titles.get(story.chapterId) : undefined;
  return {
    reading: true,
    id: story.id,
    title: story.title,
    // As the storyteller signs their stories.
    tellerName: (teller && signatureName(teller)) ?? '',
    content: story.content,
    language: (LANGUAGES as readonly string[]).includes(story.language) ? (story.language as FamilyStoryView['language']) : 'en',
    ...periodOf(story),
    chapter: chapterTitle !== undefined ? { id: story.chapterId!, title: chapterTitle } : null,
    people: names.get(story.id)?.people ?? [],
    places: names.get(story.id)?.places ?? [],
    // Only photos the photo policy lets the reader load (a photo of the shared story itself).
    photos: photoRows
      .filter((row) => can(reader, 'read', 'photo', row))
      .map((row) => ({
        id: row.id,
        caption: row.caption,
        width: row.width,
        height: row.height,
        takenOn: row.takenOn,
        urls: { thumb: photoUrl(row.id, 'thumb'), display: photoUrl(row.id, 'display') },
      })),
    recordings: recordingRows.map((row) => ({ id: row.id, audioUrl: audioUrlOf(row.id), duration: row.duration, contributorName: row.contributorName })),
    sharedAt: (story.sharedWithFamilyAt ?? new Date(0)).toISOString(),
  };
}
