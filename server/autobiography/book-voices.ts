import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { recordings, stories } from '../db/schema.ts';
import type { BlobStore } from '../storage/index.ts';
import { bookAudioOf } from './book-audio.ts';
import type { Book, BookRecording } from './book.ts';

/**
 * The book with each chapter's recordings (issue 29): its stories' own recordings (a family
 * reader's voice reply is theirs, not the story's telling, as the reading view keeps it), in the
 * chapter's story order and each story's recording order, each recording once. Stories deleted
 * since the book was written are left out, as their text is. The audio is made only when the
 * EPUB gets to it.
 */
export async function withVoices(deps: { db: Database; store: BlobStore }, userId: string, book: Book): Promise<Book> {
  const { db, store } = deps;
  const storyIds = [...new Set(book.chapters.flatMap((chapter) => chapter.storyIds ?? []))];
  if (storyIds.length === 0) return book;
  const rows = await db
    .select({
      id: recordings.id,
      storyId: recordings.storyId,
      storyTitle: stories.title,
      audioKey: recordings.audioKey,
      contributorName: recordings.contributorName,
      transcription: recordings.transcription,
      transcriptTimings: recordings.transcriptTimings,
      duration: recordings.duration,
    })
    .from(recordings)
    .innerJoin(stories, eq(stories.id, recordings.storyId))
    .where(and(eq(stories.userId, userId), inArray(stories.id, storyIds), isNull(recordings.familyMemberId)))
    .orderBy(asc(recordings.orderIndex), asc(recordings.id));
  const seen = new Set<number>();
  const chapters = book.chapters.map((chapter) => {
    const told: BookRecording[] = [];
    for (const storyId of chapter.storyIds ?? []) {
      for (const row of rows) {
        if (row.storyId !== storyId || seen.has(row.id)) continue;
        seen.add(row.id);
        told.push({
          storyTitle: row.storyTitle,
          contributorName: row.contributorName?.trim() || null,
          transcript: row.transcription?.trim() || null,
          timings: row.transcriptTimings,
          durationSeconds: row.duration,
          read: () => bookAudioOf(store, row.audioKey),
        });
      }
    }
    return { ...chapter, recordings: told };
  });
  return { ...book, chapters };
}
