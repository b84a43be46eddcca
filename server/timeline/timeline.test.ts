import { expect, it } from 'vitest';
import { groupByYear } from './timeline.ts';

const story = (id: number, fields: Record<string, unknown>) => ({
  id,
  title: `Story ${id}`,
  content: 'Words of the story.',
  processingStatus: 'generated' as const,
  temporalType: null,
  specificDate: null,
  month: null,
  year: null,
  endYear: null,
  metadata: { people: [], locations: [], dates: [], storyType: 'other' as const },
  createdAt: new Date('2026-03-01T10:00:00Z'),
  ...fields,
});

it('groups by year, newest first, and places stories without a time by their creation date', () => {
  const years = groupByYear([
    story(1, { temporalType: 'year', year: 1969 }),
    story(2, { temporalType: 'specific_date', specificDate: '1969-07-20', year: 1969, metadata: { people: [], locations: ['Tampere', 'Oulu'], dates: [], storyType: 'travel' } }),
    story(3, {}),
    story(4, { temporalType: 'year_span', year: 1980, endYear: 1985 }),
    story(5, { temporalType: 'unknown' }),
  ]);
  expect(years.map((y) => y.year)).toEqual([2026, 1980, 1969]);
  expect(years[0].stories.map((s) => [s.id, s.placedBy])).toEqual([
    [3, 'created'],
    [5, 'created'],
  ]);
  expect(years[2].stories.map((s) => s.id)).toEqual([2, 1]);
  expect(years[2].stories[0].firstLocation).toBe('Tampere');
  expect(years[1].stories[0]).toMatchObject({ id: 4, placedBy: 'temporal', endYear: 1985 });
});
