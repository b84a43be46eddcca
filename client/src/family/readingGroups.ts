import type { FamilyChapterView, FamilyLibraryItem } from '../../../contract/family-reading.ts';

/** How the reading view arranges the stories: under their chapters, or under the years they happened. */
export type Arrangement = 'chapter' | 'year';

export interface StoryGroup {
  key: string;
  /** A chapter's title, a year; null: the stories in no chapter (the page names them). */
  title: string | null;
  stories: FamilyLibraryItem[];
}

/** The chapters in the owner's order, each with its loaded stories (newest first), then the stories in none. */
export function byChapter(stories: readonly FamilyLibraryItem[], chapters: readonly FamilyChapterView[]): StoryGroup[] {
  const groups: StoryGroup[] = chapters.map((chapter) => ({ key: `chapter-${chapter.id}`, title: chapter.title, stories: [] }));
  const index = new Map(chapters.map((chapter, n) => [chapter.id, n]));
  const loose: FamilyLibraryItem[] = [];
  for (const story of stories) {
    const n = story.chapter ? index.get(story.chapter.id) : undefined;
    if (n === undefined) loose.push(story);
    else groups[n]!.stories.push(story);
  }
  if (loose.length > 0) groups.push({ key: 'none', title: null, stories: loose });
  return groups.filter((group) => group.stories.length > 0);
}

/** The years the stories happened in (their own time, else when told), earliest first; within one, the earliest first. */
export function byYear(stories: readonly FamilyLibraryItem[]): StoryGroup[] {
  const years = new Map<number, FamilyLibraryItem[]>();
  for (const story of stories) years.set(story.timelineYear, [...(years.get(story.timelineYear) ?? []), story]);
  return [...years.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, inYear]) => ({ key: `year-${year}`, title: String(year), stories: [...inYear].reverse() }));
}

/** The arrangement an address asks for (`?view=year`), else by chapter. */
export const arrangementOf = (value: string | null): Arrangement => (value === 'year' ? 'year' : 'chapter');
