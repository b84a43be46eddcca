import { eq } from 'drizzle-orm';
import type { TimelineYearDto } from '../../contract/library.ts';
import type { StoryMetadata } from '../../contract/story-options.ts';
import type { TemporalType } from '../../contract/temporal.ts';
import type { Database } from '../db/client.ts';
import { stories } from '../db/schema.ts';
import { excerptOf } from '../stories/presenter.ts';

type StoryRow = Pick<
  typeof stories.$inferSelect,
  'id' | 'title' | 'content' | 'processingStatus' | 'temporalType' | 'specificDate' | 'month' | 'year' | 'endYear' | 'metadata' | 'createdAt'
>;

/** Where a story stands in time: its own time when it has one, else the day it was added. */
export function placeInTime(story: StoryRow): { year: number; sortKey: string; placedBy: 'temporal' | 'created' } {
  if (story.temporalType && story.temporalType !== 'unknown' && story.year) {
    const month = String(story.month ?? 1).padStart(2, '0');
    return { year: story.year, sortKey: story.specificDate ?? `${story.year}-${month}-01`, placedBy: 'temporal' };
  }
  const created = story.createdAt.toISOString();
  return { year: story.createdAt.getUTCFullYear(), sortKey: created.slice(0, 10), placedBy: 'created' };
}

/** The user's stories grouped by year, newest year and newest story first. */
export function groupByYear(rows: StoryRow[]): TimelineYearDto[] {
  const placed = rows
    .map((story) => ({ story, ...placeInTime(story) }))
    .sort((a, b) => b.sortKey.localeCompare(a.sortKey) || b.story.createdAt.getTime() - a.story.createdAt.getTime());
  const years = new Map<number, TimelineYearDto>();
  for (const { story, year, placedBy } of placed) {
    if (!years.has(year)) years.set(year, { year, stories: [] });
    years.get(year)!.stories.push({
      id: story.id,
      title: story.title,
      excerpt: excerptOf(story.content),
      processingStatus: story.processingStatus,
      temporalType: story.temporalType as TemporalType | null,
      specificDate: story.specificDate,
      month: story.month,
      year: story.year,
      endYear: story.endYear,
      firstLocation: (story.metadata as StoryMetadata).locations?.[0] ?? null,
      placedBy,
      createdAt: story.createdAt.toISOString(),
    });
  }
  return [...years.values()].sort((a, b) => b.year - a.year);
}

export async function timeline(db: Database, userId: string): Promise<TimelineYearDto[]> {
  const rows = await db
    .select({
      id: stories.id,
      title: stories.title,
      content: stories.content,
      processingStatus: stories.processingStatus,
      temporalType: stories.temporalType,
      specificDate: stories.specificDate,
      month: stories.month,
      year: stories.year,
      endYear: stories.endYear,
      metadata: stories.metadata,
      createdAt: stories.createdAt,
    })
    .from(stories)
    .where(eq(stories.userId, userId));
  return groupByYear(rows);
}
