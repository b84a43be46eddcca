import { describe, expect, it } from 'vitest';
import { pickableStories } from './storyPicker.ts';

const story = (id: number, title: string, chapterId: number | null = null) => ({ id, title, chapterId });

describe('pickableStories', () => {
  const stories = [story(1, 'Kesä mökillä', 7), story(2, 'First day at school'), story(3, 'Summer at the cottage', 9), story(4, 'School trip')];

  it('offers the stories not in the chapter, unassigned ones first, keeping their order otherwise', () => {
    const { shown, available } = pickableStories(stories, 7, '');
    expect(shown.map((s) => s.id)).toEqual([2, 4, 3]);
    expect(available).toBe(3);
  });

  it('keeps the titles holding every typed word, case and accents aside', () => {
    expect(pickableStories(stories, 9, 'SCHOOL').shown.map((s) => s.id)).toEqual([2, 4]);
    expect(pickableStories(stories, 9, 'kesa mokilla').shown.map((s) => s.id)).toEqual([1]);
    expect(pickableStories(stories, 9, 'school trip').shown.map((s) => s.id)).toEqual([4]);
    expect(pickableStories(stories, 9, 'nothing like it').total).toBe(0);
  });

  it('lists at most the limit, and says how many match', () => {
    const many = Array.from({ length: 120 }, (_, i) => story(i + 1, `Story ${i + 1}`));
    const { shown, total } = pickableStories(many, 1, 'story', 50);
    expect(shown).toHaveLength(50);
    expect(total).toBe(120);
  });
});
