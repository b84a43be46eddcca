interface PickableStory {
  id: number;
  /** Undefined for a search result, which does not say. */
  chapterId?: number | null;
}

/**
 * The loaded stories the add-stories picker offers for a chapter: those not in it, by their
 * own chapter or by the chapter's list of stories (a search result does not name its chapter).
 */
export function pickableStories<T extends PickableStory>(stories: readonly T[], chapterId: number, inChapter: ReadonlySet<number>): T[] {
  return stories.filter((story) => story.chapterId !== chapterId && !inChapter.has(story.id));
}
