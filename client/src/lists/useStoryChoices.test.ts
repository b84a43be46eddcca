import { describe, expect, it } from 'vitest';
import { withChosen } from './useStoryChoices.ts';

describe('withChosen', () => {
  it('puts the chosen stories the page lacks first, and lists each story once', () => {
    const page = [{ id: 5 }, { id: 4 }, { id: 3 }];
    expect(withChosen(page, [{ id: 9 }, { id: 4 }]).map((story) => story.id)).toEqual([9, 5, 4, 3]);
    expect(withChosen(page, []).map((story) => story.id)).toEqual([5, 4, 3]);
    expect(withChosen([], [{ id: 1 }]).map((story) => story.id)).toEqual([1]);
  });
});
