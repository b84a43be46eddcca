import { and, asc, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { StoryCountsDto, StoryFilter, StorySummaryDto, StoryWithRecordingsDto } from '../../contract/library.ts';
import type { PageQuery } from '../../contract/pagination.ts';
import type { Database } from '../db/client.ts';
import { recordings, stories } from '../db/schema.ts';
import { createdKeySchema, decodeCursor, exactTime, type Page, pageOf, readInKeyOrder } from '../http/pagination.ts';
import { recordingLinks } from '../recordings/links.ts';
import { presentRecordingWithLinks } from '../recordings/presenter.ts';
import { presentStorySummary, presentStoryWithCover, storySummaryColumns } from './presenter.ts';

type StoryRow = typeof stories.$inferSelect;

const filterWhere = (filter: StoryFilter) =>
  filter === 'unassigned' ? isNull(stories.chapterId) : filter === 'inCollections' ? sql`${stories.chapterId} is not null` : undefined;

/** How many recordings a story has: counted in the page's own query, for its rows only (`recordings_story`). */
// Spelt out: drizzle writes a selected column unqualified, and a bare "id" inside would be the recording's.
const recordingCount = sql<number>`(select count(*)::int from "recordings" r where r."story_id" = "stories"."id")`;

/**
 * One page of the user's stories for the library, newest first: `limit + 1` rows (the extra one
 * tells that there is a next page), without their texts, each with its recording count.
 */
export async function listStories(db: Database, userId: string, query: PageQuery, filter: StoryFilter = 'all'): Promise<Page<StorySummaryDto>> {
  const after = decodeCursor(query.cursor, createdKeySchema);
  const rows = await readInKeyOrder(db, (tx) =>
    tx
      .select({ ...storySummaryColumns, recordingCount, cursorTime: exactTime(stories.createdAt) })
      .from(stories)
      .where(
        and(
          eq(stories.userId, userId),
          filterWhere(filter),
          after ? sql`(${stories.createdAt}, ${stories.id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined,
        ),
      )
      .orderBy(desc(stories.createdAt), desc(stories.id))
      .limit(query.limit + 1),
  );
  const page = pageOf(rows, query.limit, (row) => [row.cursorTime, row.id]);
  return { ...page, items: page.items.map(({ cursorTime: _, recordingCount: count, ...row }) => presentStorySummary(row, Number(count))) };
}

/** The library's filter counts, in one aggregate query. */
export async function storyCounts(db: Database, userId: string): Promise<StoryCountsDto> {
  const [row] = await db
    .select({ all: sql<number>`count(*)::int`, inCollections: sql<number>`(count(*) filter (where ${stories.chapterId} is not null))::int` })
    .from(stories)
    .where(eq(stories.userId, userId));
  const all = Number(row?.all ?? 0);
  const inCollections = Number(row?.inCollections ?? 0);
  return { all, inCollections, unassigned: all - inCollections };
}

// A story's recordings are shown with their transcripts, not their timed segments, timings or upload settings.
const { transcriptionSegments: _segments, transcriptTimings: _timings, settings: _settings, ...shownRecordingColumns } = getTableColumns(recordings);

/** A story with its recordings in their order, each with its links. */
export async function storyWithRecordings(db: Database, story: StoryRow): Promise<StoryWithRecordingsDto> {
  const rows = await db
    .select({ ...shownRecordingColumns, links: recordingLinks })
    .from(recordings)
    .where(eq(recordings.storyId, story.id))
    .orderBy(asc(recordings.orderIndex), asc(recordings.id));
  return {
    ...(await presentStoryWithCover(db, story)),
    recordings: rows.map(({ links, ...r }) => presentRecordingWithLinks({ ...r, transcriptionSegments: null, transcriptTimings: null, settings: {} }, links)),
  };
}
