/**
 * The plan of an autobiography: its chapters, each the stories one request to the writer
 * gets. Planned once when the book is asked for, so a restart continues the same book.
 */

import type { StoredBookChapter } from '../db/book-chapters.ts';

// The stored shape lives with the schema, which names it for its column.
export type { StoredBookChapter };

/** A story as the plan sees it. */
export interface PlannedStory {
  id: number;
  title: string;
  content: string;
  chapterId: number | null;
  chapterOrder: number | null;
  /** The year the story is about (its own time), or null. */
  year: number | null;
  /** Its specific date (YYYY-MM-DD) when known. */
  date: string | null;
  createdAt: Date;
}

export interface PlannedChapter {
  id: number;
  title: string;
  orderIndex: number;
}

/**
 * The most story text one request carries (about 6,000 tokens): a chapter with more is
 * written in several parts, so a life of hundreds of stories never exceeds the model's context.
 */
export const MAX_CHARS_PER_REQUEST = 24_000;

/** When a story happened, for ordering: its own date or year, else when it was told. */
function storyTime(story: PlannedStory): string {
  if (story.date) return story.date;
  if (story.year !== null) return `${String(story.year).padStart(4, '0')}-00-00`;
  return story.createdAt.toISOString();
}

const byTime = (a: PlannedStory, b: PlannedStory) => storyTime(a).localeCompare(storyTime(b)) || a.id - b.id;

/** Splits stories, in order, into runs of at most `maxChars` of text (a longer story stands alone). */
export function splitBySize(stories: PlannedStory[], maxChars = MAX_CHARS_PER_REQUEST): PlannedStory[][] {
  const parts: PlannedStory[][] = [];
  let current: PlannedStory[] = [];
  let size = 0;
  for (const story of stories) {
    const length = story.title.length + story.content.length;
    if (current.length > 0 && size + length > maxChars) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(story);
    size += length;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/**
 * The book's chapters: the chosen stories grouped by their chapter in the person's
 * chapter order (within one, in the chapter's own order, then by time), the stories in no
 * chapter last in one group by date; a group too long for one request becomes several
 * chapters, the later ones titled with the same name.
 */
export function planBook(stories: PlannedStory[], chapters: PlannedChapter[], maxChars = MAX_CHARS_PER_REQUEST): StoredBookChapter[] {
  const ordered = [...chapters].sort((a, b) => a.orderIndex - b.orderIndex || a.id - b.id);
  const groups: { title: string | null; stories: PlannedStory[] }[] = [];
  for (const chapter of ordered) {
    const inIt = stories
      .filter((s) => s.chapterId === chapter.id)
      .sort((a, b) => (a.chapterOrder ?? Number.MAX_SAFE_INTEGER) - (b.chapterOrder ?? Number.MAX_SAFE_INTEGER) || byTime(a, b));
    if (inIt.length > 0) groups.push({ title: chapter.title, stories: inIt });
  }
  const known = new Set(ordered.map((c) => c.id));
  const loose = stories.filter((s) => s.chapterId === null || !known.has(s.chapterId)).sort(byTime);
  if (loose.length > 0) groups.push({ title: null, stories: loose });

  return groups.flatMap((group) =>
    splitBySize(group.stories, maxChars).map((part) => ({ title: group.title, storyIds: part.map((s) => s.id), content: null, removed: [] })),
  );
}
