import { toLanguage, type Language } from '../../contract/languages.ts';
import type { StoredBookChapter } from './book-plan.ts';

/** A written autobiography, ready to read or export: only chapters with text. */
export interface Book {
  title: string;
  authorName: string | null;
  language: Language;
  chapters: { title: string; content: string }[];
}

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
      .map((chapter, i) => ({ title: chapterTitle(chapter, i + 1, language), content: chapter.content?.trim() ?? '' }))
      .filter((chapter) => chapter.content !== ''),
  };
}

/** The paragraphs of a chapter's text (blank-line separated). */
export function paragraphs(content: string): string[] {
  return content.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
}
