import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTOBIOGRAPHY_LIST_LIMIT, autobiographyCreateSchema, EXPORT_FORMATS } from '../../contract/autobiography.ts';
import { languageQuery } from '../../contract/languages.ts';
import { pathResource } from '../access/path-resource.ts';
import { signedInActor } from '../access/signed-in-scope.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { autobiographies, printBooks } from '../db/schema.ts';
import type { Queue } from '../jobs/queue.ts';
import type { BlobStore } from '../storage/index.ts';
import { type Book, bookOf } from './book.ts';
import { attachmentHeader, EXPORT_TYPES } from './export/download.ts';
import { bookMarkdown } from './export/markdown.ts';
import { presentDetail, presentSummary } from './presenter.ts';
import { printFileKey } from './print/print-row.ts';
import { authorNameOf, bookNotWritten, requestAutobiography, retryAutobiography } from './request-autobiography.ts';


const bookToRead = pathResource('autobiography', 'read');
const bookToRetry = pathResource('autobiography', 'update');
const bookToDelete = pathResource('autobiography', 'delete');

type PhotoDeps = { db: Database; store: BlobStore; userId: string; autobiographyId: number };
/** The book with its stories' photos (the display copies, never the originals). */
const illustrated = async (deps: PhotoDeps, book: Book) => (await import('./book-photos.ts')).withPhotos(deps, deps.userId, book);
/** The book with its stories' recordings, for the EPUB's audio and Media Overlays (issue 29). */
const voiced = async (deps: PhotoDeps, book: Book) => (await import('./book-voices.ts')).withVoices(deps, deps.userId, book);
/** The book with the photo its print's cover has, or its first (issue 30). */
const covered = async (deps: PhotoDeps, book: Book) => (await import('./book-photos.ts')).withCover(deps, deps.autobiographyId, deps.userId, book);

const EXPORTERS = {
  markdown: async (book: Book) => Buffer.from(bookMarkdown(book), 'utf8'),
  // epub-gen-memory, pdfkit and sharp load on the first download, not at every start (decision 024).
  epub: async (book: Book, deps: PhotoDeps) => (await import('./export/epub.ts')).bookEpub(await voiced(deps, await covered(deps, await illustrated(deps, book)))),
  pdf: async (book: Book, deps: PhotoDeps) => (await import('./export/pdf.ts')).bookPdf(await illustrated(deps, book)),
};

/**
 * Autobiographies (spec 7.8): the list, generating one from chosen stories or chapters
 * (a background job; the book is read back while it is written), reading, trying a failed
 * one again, deleting, and the downloads. A userId in a body is ignored.
 */
export async function autobiographyRoutes(app: FastifyInstance, deps: { db: Database; store: BlobStore; queue: Queue }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, store, queue } = deps;

  // The user's books in one language when asked, else all (decision 013): newest first, bounded.
  api.get('/api/autobiographies', { schema: { querystring: languageQuery } }, async (request) => {
    const { language } = request.query;
    const rows = await db
      .select()
      .from(autobiographies)
      .where(and(eq(autobiographies.userId, currentUser(request).id), language ? eq(autobiographies.language, language) : undefined))
      .orderBy(desc(autobiographies.createdAt), desc(autobiographies.id))
      .limit(AUTOBIOGRAPHY_LIST_LIMIT);
    return rows.map(presentSummary);
  });

  api.post('/api/autobiography', { schema: { body: autobiographyCreateSchema } }, async (request, reply) => {
    const row = await requestAutobiography(db, queue, signedInActor(request), request.body);
    return reply.status(202).send(presentDetail(row));
  });

  api.get('/api/autobiographies/:id', { config: bookToRead.config }, async (request) => presentDetail(bookToRead.of(request)));

  api.post('/api/autobiographies/:id/retry', { config: bookToRetry.config }, async (request, reply) =>
    reply.status(202).send(presentDetail(await retryAutobiography(db, queue, bookToRetry.of(request)))),
  );

  api.delete('/api/autobiographies/:id', { config: bookToDelete.config }, async (request, reply) => {
    const book = bookToDelete.of(request);
    // Its print's row goes with it (cascade); its two files are removed here, once the row is gone.
    const [print] = await db.select().from(printBooks).where(eq(printBooks.autobiographyId, book.id));
    await db.delete(autobiographies).where(eq(autobiographies.id, book.id));
    if (print) for (const part of ['interior', 'cover'] as const) await store.delete(printFileKey(print, part));
    return reply.status(204).send();
  });

  // One route per format: every path parameter names a resource the access layer authorizes.
  for (const format of EXPORT_FORMATS) {
    api.get(`/api/autobiographies/:id/export/${format}`, { config: bookToRead.config }, async (request, reply) => {
      const row = bookToRead.of(request);
      if (row.processingStatus !== 'generated') {
        throw bookNotWritten();
      }
      const book = bookOf(row);
      // A book asked for before the person had any name is signed with the name they have now.
      const file = await EXPORTERS[format]({ ...book, authorName: book.authorName ?? (await authorNameOf(db, row.userId)) }, { db, store, userId: row.userId, autobiographyId: row.id });
      return reply
        .header('content-type', EXPORT_TYPES[format].mimeType)
        .header('content-disposition', attachmentHeader(row.title, format))
        .header('cache-control', 'private, no-store')
        .send(file);
    });
  }
}
