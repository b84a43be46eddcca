import { z } from 'zod';
import { timelineYearSchema, type TimelineYearDto } from '../../../contract/library.ts';
import { CACHE_MS } from '../../../contract/timings.ts';
import { listUrl, pagedListQuery, type ListPage } from '../api/pagination.ts';

/**
 * GET /api/timeline: the stories by year, newest year first, 50 stories a page (decision 023);
 * the spec's `language` is left out: the server places every story whatever its language.
 */
export const timelineQuery = () =>
  pagedListQuery(['/api/timeline', 'pages'] as const, listUrl('/api/timeline'), z.array(timelineYearSchema), CACHE_MS.stories);

/**
 * The loaded pages as one timeline: a year cut between two pages (a page's first year is the
 * previous page's last) becomes one year again, and a story shows once.
 */
export function joinTimelinePages(pages: readonly ListPage<TimelineYearDto>[]): TimelineYearDto[] {
  const years: TimelineYearDto[] = [];
  const seen = new Set<number>();
  for (const page of pages) {
    for (const group of page.items) {
      const stories = group.stories.filter((story) => !seen.has(story.id));
      for (const story of stories) seen.add(story.id);
      const last = years.at(-1);
      if (last?.year === group.year) last.stories.push(...stories);
      else if (stories.length > 0) years.push({ year: group.year, stories });
    }
  }
  return years;
}
