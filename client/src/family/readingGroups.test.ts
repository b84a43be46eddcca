import { describe, expect, it } from 'vitest';
import type { FamilyLibraryItem } from '../../../contract/family-reading.ts';
import { arrangementOf, byChapter, byYear } from './readingGroups.ts';

const story = (id: number, fields: Partial<FamilyLibraryItem> = {}): FamilyLibraryItem => ({
  id,
  title: `Story ${id}`,
  excerpt: '',
  temporalType: null,
  specificDate: null,
  month: null,
  year: null,
  endYear: null,
  timelineYear: 2026,
  chapter: null,
  coverThumbUrl: null,
  people: [],
  places: [],
  sharedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('the reading view arrangements', () => {
  it('puts stories under their chapters in the owner order, the loose ones last, and leaves out empty chapters', () => {
    const work = { id: 2, title: 'Work', description: null, storyCount: 1 };
    const childhood = { id: 1, title: 'Childhood', description: null, storyCount: 2 };
    const empty = { id: 3, title: 'Not loaded yet', description: null, storyCount: 1 };
    const groups = byChapter([story(5, { chapter: { id: 1, title: 'Childhood' } }), story(4), story(3, { chapter: { id: 2, title: 'Work' } }), story(2, { chapter: { id: 1, title: 'Childhood' } })], [work, childhood, empty]);
    expect(groups.map((group) => [group.title, group.stories.map((s) => s.id)])).toEqual([
      ['Work', [3]],
      ['Childhood', [5, 2]],
      [null, [4]],
    ]);
  });

  it('puts stories under the years they happened, earliest first, each year in its own order of telling', () => {
    const groups = byYear([story(3, { timelineYear: 1960 }), story(2, { timelineYear: 1950 }), story(1, { timelineYear: 1960 })]);
    expect(groups.map((group) => [group.title, group.stories.map((s) => s.id)])).toEqual([
      ['1950', [2]],
      ['1960', [1, 3]],
    ]);
  });

  it('reads the arrangement from the address, by chapter unless it says year', () => {
    expect([arrangementOf('year'), arrangementOf(null), arrangementOf('nonsense')]).toEqual(['year', 'chapter', 'chapter']);
  });
});
