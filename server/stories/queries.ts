import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { StorySummaryDto, StoryWithRecordingsDto } from '../../contract/library.ts';
import type { Database } from '../db/client.ts';
import { recordings, stories } from '../db/schema.ts';
import { linksOf } from '../recordings/links.ts';
import { presentRecordingWithLinks } from '../recordings/presenter.ts';
import { presentStory, presentStorySummary } from './presenter.ts';

type StoryRow = typeof stories.$inferSelect;

/** The user's stories for the library, newest first; `unassigned` keeps those in no chapter. */
export async function listStories(db: Database, userId: string, options: { unassigned?: boolean } = {}): Promise<StorySummaryDto[]> {
  const where = options.unassigned ? and(eq(stories.userId, userId), isNull(stories.chapterId)) : eq(stories.userId, userId);
  const [rows, counts] = await Promise.all([
    db.select().from(stories).where(where).orderBy(desc(stories.createdAt), desc(stories.id)),
    db
      .select({ storyId: recordings.storyId, count: sql<number>`count(*)::int` })
      .from(recordings)
      .where(eq(recordings.userId, userId))
      .groupBy(recordings.storyId),
  ]);
  const countByStory = new Map(counts.map((c) => [c.storyId, Number(c.count)]));
  return rows.map((row) => presentStorySummary(row, countByStory.get(row.id) ?? 0));
}

/** A story with its recordings in their order, each with its links. */
export async function storyWithRecordings(db: Database, story: StoryRow): Promise<StoryWithRecordingsDto> {
  const rows = await db
    .select()
    .from(recordings)
    .where(eq(recordings.storyId, story.id))
    .orderBy(asc(recordings.orderIndex), asc(recordings.id));
  const links = await linksOf(db, rows);
  return { ...presentStory(story), recordings: rows.map((r) => presentRecordingWithLinks(r, links.get(r.id)!)) };
}
