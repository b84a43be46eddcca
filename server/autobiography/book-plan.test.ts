import { describe, expect, it } from 'vitest';
import { type PlannedStory, planBook, splitBySize } from './book-plan.ts';

let nextId = 1;
const story = (fields: Partial<PlannedStory>): PlannedStory => ({
  id: nextId++,
  title: 'A story',
  content: 'Some words.',
  chapterId: null,
  chapterOrder: null,
  year: null,
  date: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  ...fields,
});

describe('planBook', () => {
  it('groups stories by chapter in the chapters\' order, stories in none last by date', () => {
    const career = { id: 10, title: 'Career', orderIndex: 1 };
    const early = { id: 11, title: 'Early years', orderIndex: 0 };
    const work2 = story({ chapterId: 10, chapterOrder: 2 });
    const work1 = story({ chapterId: 10, chapterOrder: 1 });
    const child = story({ chapterId: 11, year: 1960 });
    const late = story({ year: 1999 });
    const early1950 = story({ date: '1950-06-01' });
    const told = story({ createdAt: new Date('2025-01-01T00:00:00Z') });
    const plan = planBook([work2, work1, child, late, early1950, told], [career, early]);
    expect(plan.map((c) => [c.title, c.storyIds])).toEqual([
      ['Early years', [child.id]],
      ['Career', [work1.id, work2.id]],
      [null, [early1950.id, late.id, told.id]],
    ]);
    expect(plan.every((c) => c.content === null && c.removed.length === 0)).toBe(true);
  });

  it('splits a chapter too long for one request into several, in order', () => {
    const long = 'x'.repeat(400);
    const stories = [1, 2, 3, 4, 5].map((n) => story({ chapterId: 7, chapterOrder: n, title: `S${n}`, content: long }));
    const plan = planBook(stories, [{ id: 7, title: 'Work', orderIndex: 0 }], 1000);
    expect(plan.map((c) => [c.title, c.storyIds])).toEqual([
      ['Work', [stories[0].id, stories[1].id]],
      ['Work', [stories[2].id, stories[3].id]],
      ['Work', [stories[4].id]],
    ]);
  });

  it('keeps a story longer than the bound on its own', () => {
    const big = story({ content: 'y'.repeat(5000) });
    const small = story({});
    expect(splitBySize([small, big, small], 1000).map((p) => p.length)).toEqual([1, 1, 1]);
  });
});
