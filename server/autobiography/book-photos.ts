import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Language } from '../../contract/languages.ts';
import type { Database } from '../db/client.ts';
import { photos, printBooks, stories } from '../db/schema.ts';
import type { BlobStore } from '../storage/index.ts';
import { readPhotoCopy } from '../photos/photo-copies-store.ts';
import { inPhotoSlot } from '../photos/photo-slots.ts';
import { storyPhotosCoverFirst } from '../photos/cover.ts';
import type { Book, BookPhoto } from './book.ts';

type PhotoRow = typeof photos.$inferSelect;

/**
 * The longest edge, in pixels, of a photo in a book: the A5 page's text block (312 x 487 pt) at
 * about 250 dpi, and sharp on an e-reader. Made from the display copy (never the original), so
 * no GPS or camera data can reach a book; sharp writes no metadata.
 */
export const BOOK_PHOTO_EDGE = 1600;

/** Who added a relative's photo, under its caption. */
const PHOTO_BY: Record<Language, (name: string) => string> = { en: (name) => `Photo: ${name}`, fi: (name) => `Kuva: ${name}` };

/** The text under a photo: its caption and, for a relative's photo, their name. */
export function photoCaption(row: Pick<PhotoRow, 'caption' | 'contributorName'>, language: Language): string {
  return [row.caption.trim(), row.contributorName?.trim() ? PHOTO_BY[language](row.contributorName.trim()) : ''].filter(Boolean).join(' · ');
}

/** A photo's display copy, resized for the page. */
function bookPhoto(store: BlobStore, row: PhotoRow, language: Language): BookPhoto {
  return {
    caption: photoCaption(row, language),
    async read() {
      // A copy missing from the store is our fault, not a missing book: the download fails (500) rather than leave the photo out.
      const copy = await readPhotoCopy(store, row, 'display').catch((error: unknown) => {
        throw new Error(`The display copy of photo ${row.id} is missing from the store`, { cause: error });
      });
      const chunks: Buffer[] = [];
      for await (const chunk of copy.body) chunks.push(chunk as Buffer);
      // In a photo slot, as uploads are processed: books made at once never decode more than the slots allow.
      const { data, info } = await inPhotoSlot(() =>
        sharp(Buffer.concat(chunks))
          .resize(BOOK_PHOTO_EDGE, BOOK_PHOTO_EDGE, { fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 82 })
          .toBuffer({ resolveWithObject: true }),
      );
      return { jpeg: data, width: info.width, height: info.height };
    },
  };
}

/**
 * The book with each chapter's photos: the photos of its stories in the chapter's order (a
 * story's own, then its recordings', its cover first), each photo once. Stories deleted since
 * the book was written are left out, as their text is.
 */
export async function withPhotos(deps: { db: Database; store: BlobStore }, userId: string, book: Book): Promise<Book> {
  const { db, store } = deps;
  const storyIds = [...new Set(book.chapters.flatMap((chapter) => chapter.storyIds ?? []))];
  const owned =
    storyIds.length === 0
      ? []
      : await db
          .select({ id: stories.id, userId: stories.userId, coverPhotoId: stories.coverPhotoId })
          .from(stories)
          .where(and(eq(stories.userId, userId), inArray(stories.id, storyIds)));
  const storyOf = new Map(owned.map((story) => [story.id, story]));
  const seen = new Set<number>();
  const chapters = [];
  for (const chapter of book.chapters) {
    const shown: BookPhoto[] = [];
    for (const storyId of chapter.storyIds ?? []) {
      const story = storyOf.get(storyId);
      if (!story) continue;
      for (const row of await storyPhotosCoverFirst(db, story)) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        shown.push(bookPhoto(store, row, book.language));
      }
    }
    chapters.push({ ...chapter, photos: shown });
  }
  return { ...book, chapters };
}

/**
 * The book with its cover's photo: the one chosen for its print (issue 30), so the EPUB and the
 * printed book open alike; else the first of its chapters' photos; none in a book without photos.
 * Call after `withPhotos`.
 */
export async function withCover(deps: { db: Database; store: BlobStore }, autobiographyId: number, userId: string, book: Book): Promise<Book> {
  const [print] = await deps.db
    .select({ row: photos })
    .from(printBooks)
    .innerJoin(photos, eq(photos.id, printBooks.coverPhotoId))
    .where(and(eq(printBooks.autobiographyId, autobiographyId), eq(photos.userId, userId)));
  if (print) return { ...book, cover: bookPhoto(deps.store, print.row, book.language) };
  const first = book.chapters.flatMap((chapter) => chapter.photos ?? [])[0];
  return first ? { ...book, cover: first } : book;
}
