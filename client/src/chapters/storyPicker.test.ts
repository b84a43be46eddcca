import { describe, expect, it } from 'vitest';
import { pickableStories } from './storyPicker.ts';

const story = (id: number, chapterId?: number | null) => ({ id, title: `Story ${id}`, chapterId });

describe('pickableStories', () => {
  it('offers the stories not in the chapter, in the order given', () => {
    const stories = [story(1, 7), story(2, null), story(3, 9), story(4, null)];
    expect(pickableStories(stories, 7, new Set()).map((s) => s.id)).toEqual([2, 3, 4]);
  });

  it('leaves out a search result the chapter lists, though the result does not name its chapter', () => {
    const results = [story(1), story(2), story(3)];
    expect(pickableStories(results, 7, new Set([2])).map((s) => s.id)).toEqual([1, 3]);
  });
});
