import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AiError } from '../../ai/errors.ts';
import { autobiographies, photos, printBooks } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/context.ts';
import { defineJob, UNFINISHED_BATCH } from '../../jobs/job.ts';
import { listeningPath, mintListeningLink } from '../../listening-links/links.ts';
import { publicPagePath } from '../../publishing/presenter.ts';
import { StorageFullError } from '../../storage/blob-store.ts';
import { makeTempFolder } from '../../storage/temp-folders.ts';
import { bookOf } from '../book.ts';
import { authorNameOf } from '../request-autobiography.ts';
import { writeCover } from './cover.ts';
import { writeInterior } from './interior.ts';
import { printPhoto } from './print-photos.ts';
import { printFileKey, UNFINISHED_PRINT_STATES } from './print-row.ts';
import { printChapters, type PrintStory } from './print-sources.ts';

export const PRINT_BOOK = 'print-book';

/** Progress is written to the row at most this often (the screen polls every 2 s). */
const PROGRESS_WRITE_MS = 1000;

/** Why a print failed for good, as a code the client words and an English message. */
export function printFailureOf(error: AiError): { errorCode: string; error: string } {
  if (error.cause instanceof StorageFullError) return { errorCode: 'print_storage_full', error: 'There is no room on the server to make your book.' };
  if (error.cause instanceof SiteAddressUnknown) return { errorCode: 'site_address_unknown', error: error.cause.message };
  return { errorCode: 'print_failed', error: 'Your book could not be laid out for print.' };
}

/** The QR codes need the site's address, which only the operator can give (PUBLIC_URL). */
class SiteAddressUnknown extends Error {
  constructor() {
    super('This server does not know its public address: its operator must set PUBLIC_URL');
  }
}

const stillUnfinished = (printId: string) => and(eq(printBooks.id, printId), inArray(printBooks.state, UNFINISHED_PRINT_STATES));

/**
 * Lays out the book for print: the interior (measured, then drawn page by page, progress to
 * the row) and the cover (its spine from the interior's page count), both written into a
 * temporary folder of this process and stored under the print's keys; then the row goes
 * ready. Each story with a voice gets its QR code: the published page when published with the
 * teller's voice, else a private listening link minted for this print (earlier prints' links
 * keep working, so a copy already printed still plays). A print no longer queued or running
 * (asked again, or the book deleted) stores nothing.
 */
export const printBookJob = defineJob<JobContext, { printId: string }>({
  name: PRINT_BOOK,
  payload: z.object({ printId: z.uuid() }),
  retry: { retries: 2, baseDelayMs: 10_000, maxDelayMs: 120_000 },
  // A book of 300 pages and 200 photos is minutes of work; an hour is far past any.
  expireInSeconds: 60 * 60,
  entityOf: ({ printId }) => `print-book:${printId}`,
  unfinished: unfinishedPrints,
  async ownerOf(ctx, { printId }) {
    const [row] = await ctx.db.select({ userId: printBooks.userId }).from(printBooks).where(eq(printBooks.id, printId));
    return row?.userId;
  },

  async run(ctx, { printId }) {
    const [row] = await ctx.db.update(printBooks).set({ state: 'running', error: null, errorCode: null }).where(stillUnfinished(printId)).returning();
    if (!row) return;
    const [book] = await ctx.db.select().from(autobiographies).where(eq(autobiographies.id, row.autobiographyId));
    if (!book) return;
    const origin = ctx.siteOrigin();
    if (!origin) throw new SiteAddressUnknown();
    const { title, language, chapters, authorName } = bookOf(book);
    const author = authorName ?? (await authorNameOf(ctx.db, row.userId));
    const printChaptersOf = await printChapters(ctx.db, row.userId, chapters, language);

    // One code per story, decided before the layout so both passes draw the same.
    const urls = new Map<number, string>();
    for (const story of printChaptersOf.flatMap((chapter) => chapter.stories)) {
      const url = await listenUrlOf(ctx, origin, row.userId, row.autobiographyId, story);
      if (url) urls.set(story.id, url);
    }

    let latest: [number, number] | null = null;
    const writeProgress = async () => {
      if (!latest) return;
      const [done, total] = latest;
      latest = null;
      await ctx.db.update(printBooks).set({ progressDone: done, progressTotal: total }).where(stillUnfinished(printId));
    };
    const ticker = setInterval(() => void writeProgress().catch((error) => ctx.log.warn({ err: error, printId }, 'print progress not written')), PROGRESS_WRITE_MS);

    const { dir, remove } = await makeTempFolder('export');
    try {
      const interiorFile = path.join(dir, 'interior.pdf');
      const coverFile = path.join(dir, 'cover.pdf');
      const layout = await writeInterior(
        {
          trim: row.trim,
          title,
          authorName: author,
          language,
          dedication: row.dedication,
          chapters: printChaptersOf,
          listenUrl: (story) => urls.get(story.id) ?? null,
          readPhoto: (photo, pixels) => printPhoto(ctx.store, photo, pixels),
        },
        interiorFile,
        (done, total) => (latest = [done, total]),
      );
      clearInterval(ticker);
      await writeProgress();
      const [coverPhoto] = row.coverPhotoId ? await ctx.db.select().from(photos).where(eq(photos.id, row.coverPhotoId)) : [];
      const { spineInches } = await writeCover(
        {
          trim: row.trim,
          pageCount: layout.pageCount,
          title,
          authorName: author,
          language,
          photo: coverPhoto ? { width: coverPhoto.width, height: coverPhoto.height, read: (pixels) => printPhoto(ctx.store, coverPhoto, pixels) } : null,
        },
        coverFile,
      );
      const keys = { interiorKey: printFileKey(row, 'interior'), coverKey: printFileKey(row, 'cover') };
      await ctx.store.putFile(keys.interiorKey, interiorFile, 'application/pdf');
      await ctx.store.putFile(keys.coverKey, coverFile, 'application/pdf');
      const [ready] = await ctx.db
        .update(printBooks)
        .set({ state: 'ready', ...keys, pageCount: layout.pageCount, spineInches, warnings: layout.warnings, progressDone: layout.pageCount, progressTotal: layout.pageCount, finishedAt: new Date() })
        .where(stillUnfinished(printId))
        .returning();
      if (!ready) {
        await ctx.store.delete(keys.interiorKey);
        await ctx.store.delete(keys.coverKey);
      }
    } finally {
      clearInterval(ticker);
      await remove();
    }
  },

  async onFailure(ctx, { printId }, error) {
    await ctx.db
      .update(printBooks)
      .set({ state: 'failed', ...printFailureOf(error), finishedAt: new Date() })
      .where(stillUnfinished(printId));
  },
});

/** Where a story's code leads: its published page when it plays the teller's voice, else a new private link; none without a voice. */
async function listenUrlOf(ctx: JobContext, origin: string, userId: string, autobiographyId: number, story: PrintStory): Promise<string | null> {
  if (story.publishedSlug) return `${origin}${publicPagePath(story.publishedSlug)}`;
  if (!story.hasVoice) return null;
  return `${origin}${listeningPath(await mintListeningLink(ctx.db, { userId, autobiographyId, storyId: story.id }))}`;
}

/** Prints queued or cut off while running: the job's unfinished work. */
async function unfinishedPrints(ctx: JobContext): Promise<{ printId: string }[]> {
  const rows = await ctx.db
    .select({ id: printBooks.id })
    .from(printBooks)
    .where(inArray(printBooks.state, UNFINISHED_PRINT_STATES))
    .orderBy(printBooks.createdAt)
    .limit(UNFINISHED_BATCH);
  return rows.map(({ id }) => ({ printId: id }));
}
