import type { Language } from '../../contract/languages.ts';
import type { PointOfView, StoryStyle } from '../../contract/story-options.ts';
import type { Writer } from '../ai/ports.ts';
import { autobiographyChapterTask } from './autobiography-tasks.ts';
import type { ChapterSource } from './book-sources.ts';
import { groundedChapter } from './grounded-chapter.ts';

export interface ChapterToWrite {
  stories: ChapterSource[];
  language: Language;
  bookTitle: string;
  chapterTitle: string | null;
  chapterNumber: number;
  chapterCount: number;
  previousEnding?: string;
  pointOfView: PointOfView;
  style: StoryStyle;
  authorName: string | null;
  signal?: AbortSignal;
}

export interface WrittenChapter {
  title: string | null;
  content: string;
  removed: string[];
}

/** How many times a chapter naming what no story holds is asked for again before its sentences are taken out. */
export const GROUNDING_RETRIES = 1;

/** The last paragraph of a chapter, for the next one to follow on from (bounded). */
export function endingOf(content: string): string {
  const last = content.split(/\n\s*\n/).at(-1) ?? '';
  return last.length > 1200 ? last.slice(-1200) : last;
}

/**
 * Writes one chapter from its stories and grounds it: an answer naming a person, place or
 * year none of its stories holds is asked for again; if it still does, the sentences that
 * do are taken out and listed. A writer's title for an unnamed chapter that names what no
 * story holds is dropped (the chapter is then numbered).
 */
export async function writeChapter(writer: Writer, chapter: ChapterToWrite): Promise<WrittenChapter> {
  const sources = [
    chapter.bookTitle,
    chapter.chapterTitle ?? '',
    chapter.authorName ?? '',
    ...chapter.stories.flatMap((s) => [s.title, s.content, s.when ?? '']),
  ];
  let best: WrittenChapter | undefined;
  for (let attempt = 0; attempt <= GROUNDING_RETRIES; attempt++) {
    const answer = await writer.run(autobiographyChapterTask, {
      stories: chapter.stories,
      language: chapter.language,
      bookTitle: chapter.bookTitle,
      chapterTitle: chapter.chapterTitle ?? undefined,
      chapterNumber: chapter.chapterNumber,
      chapterCount: chapter.chapterCount,
      previousEnding: chapter.previousEnding,
      pointOfView: chapter.pointOfView,
      style: chapter.style,
      authorName: chapter.authorName ?? undefined,
    }, { signal: chapter.signal });
    const grounded = groundedChapter(answer.content, sources, chapter.language);
    const title = chapter.chapterTitle ?? (groundedChapter(answer.title, sources, chapter.language).removed.length === 0 ? answer.title.trim() || null : null);
    const written = { title, content: grounded.content, removed: grounded.removed };
    if (!best || written.removed.length < best.removed.length) best = written;
    if (written.removed.length === 0) break;
  }
  return best!;
}
