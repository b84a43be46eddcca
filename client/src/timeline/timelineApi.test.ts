import { describe, expect, it } from 'vitest';
import type { TimelineYearDto } from '../../../contract/library.ts';
import { joinTimelinePages } from './timelineApi.ts';

const entry = (id: number) => ({
  id,
  title: `Story ${id}`,
  excerpt: '',
  processingStatus: 'generated' as const,
  temporalType: null,
  specificDate: null,
  month: null,
  year: null,
  endYear: null,
  firstLocation: null,
  placedBy: 'created' as const,
  createdAt: '2024-01-01T00:00:00.000Z',
});
const year = (y: number, ...ids: number[]): TimelineYearDto => ({ year: y, stories: ids.map(entry) }) as TimelineYearDto;
const page = (...items: TimelineYearDto[]) => ({ items, next: null });
const shape = (years: TimelineYearDto[]) => years.map((group) => [group.year, group.stories.map((story) => story.id)]);

describe('joinTimelinePages', () => {
  it('joins a year cut between two pages into one, in order', () => {
    const joined = joinTimelinePages([page(year(2024, 1, 2), year(1999, 3, 4)), page(year(1999, 5), year(1972, 6))]);
    expect(shape(joined)).toEqual([
      [2024, [1, 2]],
      [1999, [3, 4, 5]],
      [1972, [6]],
    ]);
  });

  it('keeps different years apart and leaves one page as it is', () => {
    expect(shape(joinTimelinePages([page(year(2024, 1)), page(year(2023, 2))]))).toEqual([
      [2024, [1]],
      [2023, [2]],
    ]);
    expect(shape(joinTimelinePages([page(year(2024, 1, 2))]))).toEqual([[2024, [1, 2]]]);
    expect(joinTimelinePages([])).toEqual([]);
  });

  it('shows a story once, even when a re-read moved it onto the next page too', () => {
    expect(shape(joinTimelinePages([page(year(2024, 1, 2)), page(year(2024, 2, 3))]))).toEqual([[2024, [1, 2, 3]]]);
  });

  it('does not change the cached pages', () => {
    const first = page(year(2024, 1));
    joinTimelinePages([first, page(year(2024, 2))]);
    expect(shape(first.items)).toEqual([[2024, [1]]]);
  });
});
