import { describe, expect, it } from 'vitest';
import { chapterInProgress } from './bookStatus.ts';
import { offeredStories } from './storyChoice.ts';

const story = (id: number, title: string, chapterId: number | null, processingStatus = 'generated') => ({ id, title, chapterId, processingStatus });

describe('offeredStories', () => {
  const stories = [story(1, 'Järvellä', null), story(2, 'Tehdas', 5), story(3, 'Koulu', 6), story(4, 'Kesken', null, 'processing')];

  it('leaves out stories of chosen chapters and stories not written yet', () => {
    expect(offeredStories(stories, new Set([5])).map((s) => s.id)).toEqual([1, 3]);
  });

  it('offers a search result, which names neither its chapter nor its state', () => {
    expect(offeredStories([{ id: 9, title: 'Järvi' }], new Set([5])).map((s) => s.id)).toEqual([9]);
  });
});

describe('chapterInProgress', () => {
  it('names the chapter being written, never past the last', () => {
    expect(chapterInProgress({ chaptersDone: 1, chaptersTotal: 5 })).toEqual({ current: 2, total: 5 });
    expect(chapterInProgress({ chaptersDone: 5, chaptersTotal: 5 })).toEqual({ current: 5, total: 5 });
    expect(chapterInProgress({ chaptersDone: 0, chaptersTotal: 0 })).toEqual({ current: 1, total: 1 });
  });
});
