import { and, eq, inArray } from 'drizzle-orm';
import type { PrintRequest } from '../../../contract/print-book.ts';
import type { Database } from '../../db/client.ts';
import { printBooks } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import { sendJob } from '../../jobs/send-job.ts';
import { bookOf } from '../book.ts';
import { bookNotWritten } from '../request-autobiography.ts';
import { printBookJob } from './print-book-job.ts';
import type { PrintRow } from './print-row.ts';
import { printChapters } from './print-sources.ts';

type BookRow = Parameters<typeof bookOf>[0] & { id: number; userId: string; processingStatus: string };

export const coverPhotoNotInBook = () => new HttpError(400, 'cover_photo_not_in_book', 'Choose the cover photo from the photos in this book');

/** The photos the book prints, in its order: what the cover may be chosen from. */
export async function bookPhotos(db: Database, book: BookRow) {
  const { chapters, language } = bookOf(book);
  return (await printChapters(db, book.userId, chapters, language)).flatMap((chapter) => chapter.stories.flatMap((story) => story.photos));
}

/**
 * Starts laying out the book for print with these settings, or answers the print under way
 * (one at a time per book). A finished print is replaced: its row is queued again with the new
 * settings, and its files are overwritten when the new ones are ready. The book's row is locked
 * meanwhile, so two presses at once make one print.
 */
export async function startPrint(db: Database, queue: Queue, book: BookRow, request: Required<Pick<PrintRequest, 'trim'>> & PrintRequest): Promise<PrintRow> {
  if (book.processingStatus !== 'generated') throw bookNotWritten();
  if (request.coverPhotoId !== undefined && !(await bookPhotos(db, book)).some((photo) => photo.id === request.coverPhotoId)) throw coverPhotoNotInBook();
  const settings = { trim: request.trim, coverPhotoId: request.coverPhotoId ?? null, dedication: request.dedication?.trim() || null };
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(printBooks).where(eq(printBooks.autobiographyId, book.id)).for('update');
    if (existing && (existing.state === 'queued' || existing.state === 'running')) return existing;
    const fresh = { ...settings, state: 'queued' as const, progressDone: 0, progressTotal: 0, pageCount: null, spineInches: null, warnings: [], error: null, errorCode: null, finishedAt: null, createdAt: new Date() };
    const [row] = existing
      ? await tx.update(printBooks).set(fresh).where(and(eq(printBooks.id, existing.id), inArray(printBooks.state, ['ready', 'failed']))).returning()
      : await tx.insert(printBooks).values({ ...fresh, userId: book.userId, autobiographyId: book.id }).returning();
    await sendJob(queue, printBookJob, { printId: row.id }, { within: tx });
    return row;
  });
}
