interface ChoosableStory {
  id: number;
  /** Undefined for a search result, which does not say (the server leaves out what is not written). */
  chapterId?: number | null;
  processingStatus?: string;
}

/** Whether a story goes into the book anyway, with a chosen chapter. */
export function inChosenChapter(story: ChoosableStory, chosenChapters: ReadonlySet<number>): boolean {
  return story.chapterId != null && chosenChapters.has(story.chapterId);
}

/**
 * The loaded stories the form offers: not being written, and not in a chosen chapter (those
 * go in with their chapter).
 */
export function offeredStories<T extends ChoosableStory>(stories: readonly T[], chosenChapters: ReadonlySet<number>): T[] {
  return stories.filter((s) => s.processingStatus !== 'processing' && !inChosenChapter(s, chosenChapters));
}
