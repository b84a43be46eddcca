import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { ChapterDto } from '../../contract/chapters.ts';
import type { Language } from '../../contract/languages.ts';
import { WORDS_PER_MINUTE } from '../../contract/reading.ts';
import type { StorySummaryDto } from '../../contract/library.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { chapters, recordings, stories } from '../db/schema.ts';
import { shownCoverPhotoId } from '../photos/cover.ts';
import { presentStorySummary } from '../stories/presenter.ts';

type ChapterRow = ResourceRows['chapter'];
interface ChapterTotals {
  storyCount: number;
  words: number;
}

/** Words of a story's text as `wordsOf` counts them: tags removed, runs of non-space. */
const wordCount = sql<number>`(select count(*) from regexp_matches(regexp_replace(${stories.content}, '<[^>]*>', ' ', 'g'), '\\S+', 'g'))`;

/** Story count and words per chapter, by query: nothing about them is stored. */
async function totalsOf(db: Database, chapterIds: number[]): Promise<Map<number, ChapterTotals>> {
  if (chapterIds.length === 0) return new Map();
  const rows = await db
    .select({
      chapterId: stories.chapterId,
      storyCount: sql<number>`count(*)::int`,
      words: sql<number>`coalesce(sum(${wordCount}), 0)::int`,
    })
    .from(stories)
    .where(inArray(stories.chapterId, chapterIds))
    .groupBy(stories.chapterId);
  return new Map(rows.map((r) => [r.chapterId!, { storyCount: Number(r.storyCount), words: Number(r.words) }]));
}

/** Reading the whole chapter at 200 words a minute, rounded up, at least 1 once it has a story (spec 9.6). */
function chapterMinutes({ storyCount, words }: ChapterTotals): number {
  return storyCount === 0 ? 0 : Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

function presentChapter(row: ChapterRow, totals: ChapterTotals = { storyCount: 0, words: 0 }): ChapterDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    orderIndex: row.orderIndex,
    language: row.language,
    userId: row.userId,
    storyCount: totals.storyCount,
    readingMinutes: chapterMinutes(totals),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's chapters in their order (orderIndex, then the older first), in one language when asked. */
export async function listChapters(db: Database, userId: string, language?: Language): Promise<ChapterDto[]> {
  const where: SQL[] = [eq(chapters.userId, userId)];
  if (language) where.push(eq(chapters.language, language));
  const rows = await db
    .select()
    .from(chapters)
    .where(and(...where))
    .orderBy(asc(chapters.orderIndex), asc(chapters.id));
  const totals = await totalsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentChapter(row, totals.get(row.id)));
}

/** One chapter as it is now, with its counts. */
export async function chapterDetail(db: Database, id: number): Promise<ChapterDto> {
  const [[row], totals] = await Promise.all([db.select().from(chapters).where(eq(chapters.id, id)), totalsOf(db, [id])]);
  return presentChapter(row, totals.get(id));
}

/** The chapter's stories as library rows: by their place in the chapter, then the older first. */
export async function storiesOfChapter(db: Database, chapter: Authorized<ChapterRow, 'read'>): Promise<StorySummaryDto[]> {
  const rows = await db
    .select({ ...getTableColumns(stories), shownCoverPhotoId })
    .from(stories)
    .where(and(eq(stories.chapterId, chapter.id), eq(stories.userId, chapter.userId)))
    .orderBy(sql`${stories.chapterOrder} asc nulls last`, asc(stories.createdAt), asc(stories.id));
  if (rows.length === 0) return [];
  const counts = await db
    .select({ storyId: recordings.storyId, count: sql<number>`count(*)::int` })
    .from(recordings)
    .where(
      inArray(
        recordings.storyId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(recordings.storyId);
  const countByStory = new Map(counts.map((c) => [c.storyId, Number(c.count)]));
  return rows.map((row) => presentStorySummary(row, countByStory.get(row.id) ?? 0));
}
