import { toLanguage, type Language } from '../../contract/languages.ts';
import type { TranscriptTimings } from '../../contract/voice.ts';
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

/**
 * A recording as the EPUB carries it (issue 29): its transcript, its timings when it has
 * some, and its audio made for the book (AAC in MP4) only when the book gets to it.
 */
export interface BookRecording {
  /** The story it was told for (the heading it is shown under). */
  storyTitle: string;
  /** A co-author's name when they told it; null for the person's own. */
  contributorName: string | null;
  transcript: string | null;
  timings: TranscriptTimings | null;
  /** Seconds, as measured at upload from the decoded audio (null when unknown): how large its audio will be. */
  durationSeconds: number | null;
  read(): Promise<BookAudio>;
}

/** A book's audio is speech: AAC-LC, mono, 48 kbit/s (about 21.6 MB an hour). */
export const BOOK_AUDIO_BITS_PER_SECOND = 48_000;

/** A recording's audio in a core media type of EPUB 3. */
export interface BookAudio {
  bytes: Buffer;
  mediaType: 'audio/mp4';
  extension: 'm4a';
}

export interface BookChapter {
  title: string;
  content: string;
  /** The stories the chapter was written from, in order (their photos follow its text). */
  storyIds?: number[];
  /** Its stories' photos, each story's cover first (`book-photos.ts`). */
  photos?: BookPhoto[];
  /** Its stories' recordings, in story order then each story's (`book-voices.ts`): the EPUB's audio. */
  recordings?: BookRecording[];
}

/** A written autobiography, ready to read or export: only chapters with text. */
export interface Book {
  title: string;
  authorName: string | null;
  language: Language;
  chapters: BookChapter[];
  /** The cover's photo (the print's chosen one, else the book's first): the EPUB opens with it. */
  cover?: BookPhoto;
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
