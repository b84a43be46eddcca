import { toLanguage, type Language } from '../../contract/languages.ts';
import type { StoredBookChapter } from './book-plan.ts';

/**
 * A photo as a book shows it (issue 27): made from the display copy only (no metadata, so no
 * GPS), read when the book gets to it so a book of hundreds of photos never holds them all.
 */
export interface BookPhoto {
  /** What is written under it: its caption, and who added it when a relative did; empty for none. */
  caption: string;
  read(): Promise<{ jpeg: Buffer; width: number; height: number }>;
}

export interface BookChapter {
  title: string;
  content: string;
  /** The stories the chapter was written from, in order (their photos follow its text). */
  storyIds?: number[];
  /** Its stories' photos, each story's cover first (`book-photos.ts`). */
  photos?: BookPhoto[];
}

/** A written autobiography, ready to read or export: only chapters with text. */
export interface Book {
  title: string;
  authorName: string | null;
  language: Language;
  chapters: BookChapter[];
}

/** A photo's alternative text when it has no caption: the word for a photo in the book's language. */
export const PHOTO_WORD: Record<Language, string> = { en: 'Photo', fi: 'Kuva' };

/** What a chapter the writer did not name is called: "Chapter 3", "Luku 3". */
const UNNAMED_CHAPTER: Record<Language, (n: number) => string> = { en: (n) => `Chapter ${n}`, fi: (n) => `Luku ${n}` };

/** The title a stored chapter shows, by its place in the book (1-based). */
export function chapterTitle(chapter: Pick<StoredBookChapter, 'title'>, n: number, language: Language): string {
  return chapter.title?.trim() || UNNAMED_CHAPTER[language](n);
}

/** The book of a stored autobiography: its written chapters, in order. */
export function bookOf(row: { title: string; authorName: string | null; language: string; chapters: StoredBookChapter[] }): Book {
  const language = toLanguage(row.language);
  return {
    title: row.title,
    authorName: row.authorName?.trim() || null,
    language,
    chapters: row.chapters
      .map((chapter, i) => ({ title: chapterTitle(chapter, i + 1, language), content: chapter.content?.trim() ?? '', storyIds: chapter.storyIds ?? [] }))
      .filter((chapter) => chapter.content !== ''),
  };
}

/** The paragraphs of a chapter's text (blank-line separated). */
export function paragraphs(content: string): string[] {
  return content.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
}
