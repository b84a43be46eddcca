import { useSearchParams } from 'react-router-dom';
import { parseRouteId } from '../shell/routeId.ts';

/** Back from a chapter goes to the Biography screen (there is no /collections/chapters page). */
export const CHAPTERS_HOME = '/collections';

export const chapterPath = (chapterId: number) => `/collections/chapters/${chapterId}`;
export const chapterEditPath = (chapterId: number) => `/collections/chapters/${chapterId}/edit`;

/** The address of a story opened from a chapter: its back action returns to the chapter. */
export function storyInChapterPath(storyId: number, chapterId: number): string {
  return `/library/${storyId}?chapter=${chapterId}`;
}

/** Where story detail's back goes when it was opened from a chapter (?chapter=<id>); otherwise undefined, the back rule. */
export function useChapterBack(): string | undefined {
  const [searchParams] = useSearchParams();
  const chapterId = parseRouteId(searchParams.get('chapter') ?? undefined);
  return chapterId === null ? undefined : chapterPath(chapterId);
}
