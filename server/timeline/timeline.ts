import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TimelineYearDto } from '../../contract/library.ts';
import type { PageQuery } from '../../contract/pagination.ts';
import type { StoryMetadata } from '../../contract/story-options.ts';
import type { TemporalType } from '../../contract/temporal.ts';
import type { Database } from '../db/client.ts';
import { placedByOwnTime, stories } from '../db/schema.ts';
import { decodeCursor, exactTime, exactTimeSchema, type Page, pageOf, readInKeyOrder } from '../http/pagination.ts';
import { shownCoverPhotoId, thumbUrlOf } from '../photos/cover.ts';
import { excerptOfStart, textStart } from '../stories/presenter.ts';

/**
 * Where a story stands in time is the database's one rule (migration 0009, decision 023): its own
 * time when it has one, else its creation day; kept in the generated columns timeline_year and
 * timeline_date, which the timeline's index orders.
 */
const timelineColumns = {
  id: stories.id,
  title: stories.title,
  contentStart: textStart(stories.content),
  processingStatus: stories.processingStatus,
  temporalType: stories.temporalType,
  specificDate: stories.specificDate,
  month: stories.month,
  year: stories.year,
  endYear: stories.endYear,
  metadata: stories.metadata,
  createdAt: stories.createdAt,
  timelineYear: stories.timelineYear,
  timelineDate: stories.timelineDate,
  placedByOwnTime: sql<boolean>`${placedByOwnTime(stories)}`,
  shownCoverPhotoId,
  cursorTime: exactTime(stories.createdAt),
};

/** The timeline's sort key: year, then the day in it, then creation, then id; all newest first. */
const timelineKeySchema = z.tuple([z.number().int(), z.string().regex(/^-?\d{4,}-\d{2}-\d{2}$/), exactTimeSchema, z.number().int().positive()]);

/** Rows already in timeline order, grouped by year (a page's first year may go on from the page before). */
export function groupByYear(rows: Omit<TimelineRow, 'cursorTime' | 'timelineDate'>[]): TimelineYearDto[] {
  const years: TimelineYearDto[] = [];
  for (const story of rows) {
    if (years.at(-1)?.year !== story.timelineYear) years.push({ year: story.timelineYear, stories: [] });
    years.at(-1)!.stories.push({
      id: story.id,
      title: story.title,
      excerpt: excerptOfStart(story.contentStart),
      processingStatus: story.processingStatus,
      temporalType: story.temporalType as TemporalType | null,
      specificDate: story.specificDate,
      month: story.month,
      year: story.year,
      endYear: story.endYear,
      firstLocation: (story.metadata as StoryMetadata).locations?.[0] ?? null,
      placedBy: story.placedByOwnTime ? 'temporal' : 'created',
      createdAt: story.createdAt.toISOString(),
      coverThumbUrl: thumbUrlOf(story.shownCoverPhotoId),
    });
  }
  return years;
}

/** Rows in timeline order after a cursor's key, one more than the page holds. */
function timelineRows(db: Pick<Database, 'select'>, userId: string, limit: number, after: z.infer<typeof timelineKeySchema> | undefined) {
  return db
    .select(timelineColumns)
    .from(stories)
    .where(
      and(
        eq(stories.userId, userId),
        after
          ? sql`(${stories.timelineYear}, ${stories.timelineDate}, ${stories.createdAt}, ${stories.id}) < (${after[0]}, ${after[1]}::date, ${after[2]}::timestamptz, ${after[3]})`
          : undefined,
      ),
    )
    .orderBy(desc(stories.timelineYear), desc(stories.timelineDate), desc(stories.createdAt), desc(stories.id))
    .limit(limit + 1);
}
type TimelineRow = Awaited<ReturnType<typeof timelineRows>>[number];

/** A page of the user's timeline: at most `limit` stories, newest year and newest story first. */
export async function timeline(db: Database, userId: string, query: PageQuery): Promise<Page<TimelineYearDto>> {
  const after = decodeCursor(query.cursor, timelineKeySchema);
  const rows = await readInKeyOrder(db, (tx) => timelineRows(tx, userId, query.limit, after));
  const page = pageOf(rows, query.limit, (row) => [row.timelineYear, row.timelineDate, row.cursorTime, row.id]);
  return { ...page, items: groupByYear(page.items) };
}
