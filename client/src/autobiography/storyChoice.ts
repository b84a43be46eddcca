/** How many stories the form lists at once; typing narrows the rest (a bounded list). */
export const STORY_CHOICE_LIMIT = 50;

interface ChoosableStory {
  id: number;
  title: string;
  chapterId: number | null;
  processingStatus: string;
}

/**
 * The stories the form offers: written ones not in a chosen chapter (those go in with
 * their chapter), whose title holds every word typed (case and accents aside), at most `limit`.
 */
export function offeredStories<T extends ChoosableStory>(stories: readonly T[], chosenChapters: ReadonlySet<number>, query: string, limit = STORY_CHOICE_LIMIT) {
  const available = stories.filter((s) => s.processingStatus !== 'processing' && (s.chapterId === null || !chosenChapters.has(s.chapterId)));
  const words = fold(query).split(/\s+/).filter(Boolean);
  const matching = available.filter((s) => words.every((word) => fold(s.title).includes(word)));
  return { available, shown: matching.slice(0, limit), total: matching.length };
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
