import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FamilyChapterView, FamilyLibraryItem, FamilyPeopleView } from '../../../contract/family-reading.ts';
import type { PageQuery } from '../../../contract/pagination.ts';
import type { FamilyReaderActor } from '../../access/actor.ts';
import type { Database } from '../../db/client.ts';
import { chapters, people, places, stories } from '../../db/schema.ts';
import { createdKeySchema, decodeCursor, exactTime, type Page, pageOf, readInKeyOrder } from '../../http/pagination.ts';
import { shownCoverPhotoId, thumbUrlOf } from '../../photos/cover.ts';
import { excerptOfStart, textStart } from '../../stories/presenter.ts';
import { chapterTitles, namesOfStories, periodOf, readablePhotoIds } from '../../stories/reading-details.ts';

/**
 * A page of what is shared with the reader, newest first with ties by id, like the owner's
 * library (decision 023's keyset pages): only the stories of the reader's `shared.storyIds`.
 */
export async function familyLibrary(db: Database, reader: FamilyReaderActor, query: PageQuery): Promise<Page<FamilyLibraryItem>> {
  const storyIds = [...reader.shared.storyIds];
  if (storyIds.length === 0) return { items: [], nextKey: null };
  const after = decodeCursor(query.cursor, createdKeySchema);
  const rows = await readInKeyOrder(db, (tx) =>
    tx
      .select({
        id: stories.id,
        title: stories.title,
        contentStart: textStart(stories.content),
        temporalType: stories.temporalType,
        specificDate: stories.specificDate,
        month: stories.month,
        year: stories.year,
        endYear: stories.endYear,
        timelineYear: stories.timelineYear,
        chapterId: stories.chapterId,
        sharedWithFamilyAt: stories.sharedWithFamilyAt,
        shownCoverPhotoId,
        cursorTime: exactTime(stories.createdAt),
      })
      .from(stories)
      .where(
        and(
          eq(stories.userId, reader.ownerId),
          inArray(stories.id, storyIds),
          after ? sql`(${stories.createdAt}, ${stories.id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined,
        ),
      )
      .orderBy(desc(stories.createdAt), desc(stories.id))
      .limit(query.limit + 1),
  );
  const page = pageOf(rows, query.limit, (row) => [row.cursorTime, row.id]);
  const ids = page.items.map((row) => row.id);
  const [titles, names, covers] = await Promise.all([
    chapterTitles(db, reader, page.items.map((row) => row.chapterId)),
    namesOfStories(db, reader, ids),
    readablePhotoIds(db, reader, page.items.map((row) => row.shownCoverPhotoId)),
  ]);
  return {
    nextKey: page.nextKey,
    items: page.items.map((row) => {
      const chapterTitle = row.chapterId !== null ? titles.get(row.chapterId) : undefined;
      const cover = row.shownCoverPhotoId == null ? null : Number(row.shownCoverPhotoId);
      return {
        id: row.id,
        title: row.title,
        excerpt: excerptOfStart(row.contentStart),
        ...periodOf(row),
        chapter: chapterTitle !== undefined ? { id: row.chapterId!, title: chapterTitle } : null,
        coverThumbUrl: cover !== null && covers.has(cover) ? thumbUrlOf(cover) : null,
        people: names.get(row.id)?.people ?? [],
        places: names.get(row.id)?.places ?? [],
        sharedAt: (row.sharedWithFamilyAt ?? new Date(0)).toISOString(),
      };
    }),
  };
}

/** The chapters holding shared stories, in the owner's order, each with how many it holds for the reader. */
export async function familyChapters(db: Database, reader: FamilyReaderActor): Promise<FamilyChapterView[]> {
  const chapterIds = [...reader.shared.chapterIds];
  if (chapterIds.length === 0) return [];
  const [rows, storyRows] = await Promise.all([
    db
      .select({ id: chapters.id, title: chapters.title, description: chapters.description })
      .from(chapters)
      .where(and(eq(chapters.userId, reader.ownerId), inArray(chapters.id, chapterIds)))
      .orderBy(asc(chapters.orderIndex), asc(chapters.id)),
    db
      .select({ chapterId: stories.chapterId })
      .from(stories)
      .where(and(eq(stories.userId, reader.ownerId), inArray(stories.id, [...reader.shared.storyIds]))),
  ]);
  const counts = new Map<number, number>();
  for (const { chapterId } of storyRows) if (chapterId !== null) counts.set(chapterId, (counts.get(chapterId) ?? 0) + 1);
  return rows.map((row) => ({ ...row, storyCount: counts.get(row.id) ?? 0 }));
}

/** The people and places the shared stories name, alphabetically. */
export async function familyPeople(db: Database, reader: FamilyReaderActor): Promise<FamilyPeopleView> {
  const personIds = [...reader.shared.personIds];
  const placeIds = [...reader.shared.placeIds];
  const [personRows, placeRows] = await Promise.all([
    personIds.length === 0
      ? []
      : db
          .select({ id: people.id, name: people.name, relationship: people.relationship })
          .from(people)
          .where(and(eq(people.userId, reader.ownerId), inArray(people.id, personIds)))
          .orderBy(asc(people.name), asc(people.id)),
    placeIds.length === 0
      ? []
      : db
          .select({ id: places.id, name: places.name })
          .from(places)
          .where(and(eq(places.userId, reader.ownerId), inArray(places.id, placeIds)))
          .orderBy(asc(places.name), asc(places.id)),
  ]);
  return { people: personRows, places: placeRows };
}
