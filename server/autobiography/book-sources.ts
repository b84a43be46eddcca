import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { stories } from '../db/schema.ts';

type StoryRow = typeof stories.$inferSelect;

/** When a story happened, as the writer reads it: "1965", "6/1965", "1965-06-01", "1980–1985". */
export function whenOf(story: Pick<StoryRow, 'temporalType' | 'specificDate' | 'month' | 'year' | 'endYear'>): string | undefined {
  switch (story.temporalType) {
    case 'specific_date':
      return story.specificDate ?? undefined;
    case 'month_year':
      return story.year !== null ? `${story.month ?? ''}/${story.year}`.replace(/^\//, '') : undefined;
    case 'year':
      return story.year !== null ? String(story.year) : undefined;
    case 'year_span':
      return story.year !== null ? `${story.year}–${story.endYear ?? ''}` : undefined;
    default:
      return undefined;
  }
}

/** A story's text as a chapter request carries it. */
export interface ChapterSource {
  title: string;
  content: string;
  when?: string;
}

/** The stories of one chapter of a book, in the plan's order; stories deleted meanwhile are left out. */
export async function chapterSources(db: Database, userId: string, storyIds: number[]): Promise<ChapterSource[]> {
  if (storyIds.length === 0) return [];
  const rows = await db.select().from(stories).where(and(eq(stories.userId, userId), inArray(stories.id, storyIds)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return storyIds
    .map((id) => byId.get(id))
    .filter((row): row is StoryRow => row !== undefined && row.content.trim() !== '')
    .map((row) => ({ title: row.title, content: row.content, when: whenOf(row) }));
}
