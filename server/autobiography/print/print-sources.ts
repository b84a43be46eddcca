import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Language } from '../../../contract/languages.ts';
import { temporalText } from '../../temporal/temporal-text.ts';
import type { Database } from '../../db/client.ts';
import { people, type photos, publishedStories, recordingPeople, recordings, stories } from '../../db/schema.ts';
import { storyPhotosCoverFirst } from '../../photos/cover.ts';
import { hasPublishedVoice } from '../../publishing/published-voice.ts';
import type { BookChapter } from '../book.ts';

type PhotoRow = typeof photos.$inferSelect;

/** A story as the printed book shows it under its chapter: its title, time, people, voice and photos. */
export interface PrintStory {
  id: number;
  title: string;
  /** When it happened, in the book's language ("June 1965"), or null. */
  when: string | null;
  /** The people its recordings name, alphabetically. */
  people: string[];
  /** Where its voice is heard: the published page's slug when published with the teller's voice. */
  publishedSlug: string | null;
  /** Whether it has recordings to hear (its teller's and co-authors', never a family reader's reply): a private listening link plays them. */
  hasVoice: boolean;
  photos: PhotoRow[];
}

export interface PrintChapter extends BookChapter {
  stories: PrintStory[];
}

/**
 * The chapters' stories as the print shows them, in the book's order; stories deleted since
 * the book was written are left out, as their text is. Each photo once, where it first appears.
 */
export async function printChapters(db: Database, userId: string, chapters: BookChapter[], language: Language): Promise<PrintChapter[]> {
  const storyIds = [...new Set(chapters.flatMap((chapter) => chapter.storyIds ?? []))];
  const rows = storyIds.length === 0 ? [] : await db.select().from(stories).where(and(eq(stories.userId, userId), inArray(stories.id, storyIds)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const [names, voices, published] = await Promise.all([peopleOf(db, storyIds), storiesWithVoice(db, storyIds), publishedOf(db, storyIds)]);
  const seen = new Set<number>();
  const result: PrintChapter[] = [];
  for (const chapter of chapters) {
    const shown: PrintStory[] = [];
    for (const id of chapter.storyIds ?? []) {
      const row = byId.get(id);
      if (!row) continue;
      const storyPhotos = (await storyPhotosCoverFirst(db, row)).filter((photo) => !seen.has(photo.id));
      for (const photo of storyPhotos) seen.add(photo.id);
      shown.push({
        id,
        title: row.title,
        when: temporalText(language, { type: row.temporalType, specificDate: row.specificDate, month: row.month, year: row.year, endYear: row.endYear }),
        people: names.get(id) ?? [],
        publishedSlug: published.get(id) ?? null,
        hasVoice: voices.has(id),
        photos: storyPhotos,
      });
    }
    result.push({ ...chapter, stories: shown });
  }
  return result;
}

async function peopleOf(db: Database, storyIds: number[]): Promise<Map<number, string[]>> {
  if (storyIds.length === 0) return new Map();
  const rows = await db
    .selectDistinct({ storyId: recordings.storyId, name: people.name })
    .from(recordingPeople)
    .innerJoin(recordings, eq(recordings.id, recordingPeople.recordingId))
    .innerJoin(people, eq(people.id, recordingPeople.personId))
    .where(inArray(recordings.storyId, storyIds))
    .orderBy(asc(people.name));
  const names = new Map<number, string[]>();
  for (const row of rows) names.set(row.storyId!, [...(names.get(row.storyId!) ?? []), row.name]);
  return names;
}

/** The stories with a recording the book may play (as book-voices.ts chooses: never a family reader's reply). */
async function storiesWithVoice(db: Database, storyIds: number[]): Promise<Set<number>> {
  if (storyIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ storyId: recordings.storyId })
    .from(recordings)
    .where(and(inArray(recordings.storyId, storyIds), isNull(recordings.familyMemberId)));
  return new Set(rows.map((row) => row.storyId!));
}

/** The slugs of the stories published with the teller's voice. */
async function publishedOf(db: Database, storyIds: number[]): Promise<Map<number, string>> {
  if (storyIds.length === 0) return new Map();
  const rows = await db.select().from(publishedStories).where(inArray(publishedStories.storyId, storyIds));
  return new Map(rows.filter(hasPublishedVoice).map((row) => [row.storyId, row.slug]));
}
