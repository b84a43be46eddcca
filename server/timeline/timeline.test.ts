import { expect, it } from 'vitest';
import { TEXT_START_CHARACTERS } from '../stories/presenter.ts';
import { groupByYear } from './timeline.ts';

// Where a story stands in time is the database's rule (generated columns): see server/timeline/timeline.api.test.ts.
const row = (id: number, timelineYear: number, fields: Record<string, unknown> = {}) => ({
  id,
  title: `Story ${id}`,
  contentStart: 'Words of the story.',
  processingStatus: 'generated' as const,
  temporalType: null,
  specificDate: null,
  month: null,
  year: null,
  endYear: null,
  metadata: { people: [], locations: [], dates: [], storyType: 'other' as const },
  createdAt: new Date('2026-03-01T10:00:00Z'),
  timelineYear,
  placedByOwnTime: false,
  shownCoverPhotoId: null,
  ...fields,
});

it('groups rows already in timeline order by year, keeping their order', () => {
  const years = groupByYear([
    row(3, 2026),
    row(5, 2026),
    row(4, 1980, { temporalType: 'year_span', year: 1980, endYear: 1985, placedByOwnTime: true }),
    row(2, 1969, { temporalType: 'specific_date', specificDate: '1969-07-20', year: 1969, placedByOwnTime: true, metadata: { people: [], locations: ['Tampere', 'Oulu'], dates: [], storyType: 'travel' } }),
    row(1, 1969, { temporalType: 'year', year: 1969, placedByOwnTime: true }),
  ]);
  expect(years.map((y) => y.year)).toEqual([2026, 1980, 1969]);
  expect(years[0]!.stories.map((s) => [s.id, s.placedBy])).toEqual([
    [3, 'created'],
    [5, 'created'],
  ]);
  expect(years[2]!.stories.map((s) => s.id)).toEqual([2, 1]);
  expect(years[2]!.stories[0]).toMatchObject({ firstLocation: 'Tampere', excerpt: 'Words of the story.', createdAt: '2026-03-01T10:00:00.000Z' });
  expect(years[1]!.stories[0]).toMatchObject({ id: 4, placedBy: 'temporal', endYear: 1985 });
});

it('makes an excerpt from the start of a long text without a word cut in half', () => {
  const long = `<p>${'lake '.repeat(500)}</p>`;
  const [year] = groupByYear([row(1, 2026, { contentStart: long.slice(0, TEXT_START_CHARACTERS + 1) })]);
  expect(year!.stories[0]!.excerpt).toMatch(/^(lake ){39}lake…$/);
  expect(year!.stories[0]!.excerpt.length).toBeLessThanOrEqual(201);
});
