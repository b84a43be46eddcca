import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { toLanguage } from '../../contract/languages.ts';
import { AiError } from '../ai/errors.ts';
import { autobiographies } from '../db/schema.ts';
import { defineJob, UNFINISHED_BATCH } from '../jobs/job.ts';
import type { JobContext } from '../jobs/context.ts';
import { bookOf } from './book.ts';
import type { StoredBookChapter } from './book-plan.ts';
import { chapterSources } from './book-sources.ts';
import { bookMarkdown } from './export/markdown.ts';
import { endingOf, writeChapter } from './write-chapter.ts';

export const WRITE_AUTOBIOGRAPHY = 'write-autobiography';

/**
 * Writes an autobiography chapter by chapter: each chapter is one request carrying only
 * its stories (and the end of the chapter before), grounded, and stored at once, so the
 * screen shows "Writing chapter 2 of 5" and a restart or a retry continues with the first
 * chapter not yet written. Once all are written the book is `generated`; a failure for
 * good leaves it `failed` with the reason, its written chapters kept for a retry.
 */
export const writeAutobiographyJob = defineJob<JobContext, { id: number }>({
  name: WRITE_AUTOBIOGRAPHY,
  payload: z.object({ id: z.number().int().positive() }),
  // Each try continues where the last one stopped; two more are enough for a passing failure.
  retry: { retries: 2, baseDelayMs: 8000, maxDelayMs: 60_000 },
  expireInSeconds: 2 * 60 * 60,
  entityOf: ({ id }) => `autobiography:${id}`,
  unfinished: booksBeingWritten,
  async ownerOf(ctx, { id }) {
    const [row] = await ctx.db.select({ userId: autobiographies.userId }).from(autobiographies).where(eq(autobiographies.id, id));
    return row?.userId;
  },

  async run(ctx, { id }, { signal }) {
    const [row] = await ctx.db.select().from(autobiographies).where(eq(autobiographies.id, id));
    if (!row || row.processingStatus !== 'processing') return;
    const language = toLanguage(row.language);
    const chapters: StoredBookChapter[] = row.chapters.map((c) => ({ ...c }));

    for (const [i, chapter] of chapters.entries()) {
      if (chapter.content !== null) continue;
      const stories = await chapterSources(ctx.db, row.userId, chapter.storyIds);
      if (stories.length === 0) {
        // Its stories were deleted meanwhile: the chapter is left out of the book.
        chapters[i] = { ...chapter, content: '' };
      } else {
        const previous = chapters.slice(0, i).reverse().find((c) => c.content);
        const written = await writeChapter(ctx.engines.writer, {
          stories,
          language,
          bookTitle: row.title,
          chapterTitle: chapter.title,
          chapterNumber: i + 1,
          chapterCount: chapters.length,
          previousEnding: previous?.content ? endingOf(previous.content) : undefined,
          pointOfView: row.pointOfView,
          style: row.storyStyle,
          authorName: row.authorName,
          signal,
        });
        chapters[i] = { ...chapter, title: written.title, content: written.content, removed: written.removed };
      }
      const stored = await ctx.db.update(autobiographies).set({ chapters, updatedAt: new Date() }).where(eq(autobiographies.id, id)).returning({ id: autobiographies.id });
      if (stored.length === 0) return; // deleted while it was written
    }

    const book = bookOf({ ...row, chapters });
    if (book.chapters.length === 0) {
      throw new AiError('processing_failed', { retryable: false, detail: 'no chapter of the autobiography has any text' });
    }
    await ctx.db
      .update(autobiographies)
      .set({ chapters, content: bookMarkdown(book), processingStatus: 'generated', error: null, updatedAt: new Date() })
      .where(eq(autobiographies.id, id));
  },

  async onFailure(ctx, { id }, error) {
    await ctx.db
      .update(autobiographies)
      .set({ processingStatus: 'failed', error: error.code, updatedAt: new Date() })
      .where(eq(autobiographies.id, id));
  },
});

/** Autobiographies still being written (its job goes on from the first chapter not written): the job's unfinished work. */
async function booksBeingWritten(ctx: JobContext): Promise<{ id: number }[]> {
  return ctx.db
    .select({ id: autobiographies.id })
    .from(autobiographies)
    .where(eq(autobiographies.processingStatus, 'processing'))
    .orderBy(autobiographies.id)
    .limit(UNFINISHED_BATCH);
}
