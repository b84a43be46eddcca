/** How many stories the add-stories picker lists at once; typing narrows the rest (a bounded list). */
export const PICKER_LIMIT = 50;

interface PickableStory {
  id: number;
  title: string;
  chapterId: number | null;
}

/**
 * The stories the picker offers for a chapter: those not in it, whose title holds every
 * word typed (case and accents aside), unassigned ones first, at most `limit`.
 */
export function pickableStories<T extends PickableStory>(
  stories: readonly T[],
  chapterId: number,
  query: string,
  limit = PICKER_LIMIT,
): { shown: T[]; total: number; available: number } {
  const available = stories.filter((story) => story.chapterId !== chapterId);
  const words = fold(query).split(/\s+/).filter(Boolean);
  const matching = available
    .filter((story) => words.every((word) => fold(story.title).includes(word)))
    .sort((a, b) => Number(a.chapterId !== null) - Number(b.chapterId !== null));
  return { shown: matching.slice(0, limit), total: matching.length, available: available.length };
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
