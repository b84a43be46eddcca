import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRINT_LIMITS, printRequestSchema } from '../../../contract/print-book.ts';
import { pathResource } from '../../access/path-resource.ts';
import type { Database } from '../../db/client.ts';
import { printBooks } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { perUser } from '../../http/rate-limit/index.ts';
import { sendStoredBlob } from '../../http/send-blob.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { BlobStore } from '../../storage/index.ts';
import { attachmentHeader } from '../export/download.ts';
import { presentPrint } from './print-row.ts';
import { bookPhotos, startPrint } from './start-print.ts';

const bookToPrint = pathResource('autobiography', 'update');
const bookToRead = pathResource('autobiography', 'read');

export const printNotReady = () => new HttpError(409, 'print_not_ready', 'The book is not laid out for print yet');

/**
 * The print-ready book (issue 30): start laying it out, follow the job, download the interior
 * and the cover, and the photos the cover may be chosen from. Signed in; another's book is a 404.
 */
export async function printRoutes(app: FastifyInstance, deps: { db: Database; store: BlobStore; queue: Queue }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, store, queue } = deps;
  const printOf = async (autobiographyId: number) => (await db.select().from(printBooks).where(eq(printBooks.autobiographyId, autobiographyId)))[0];

  api.post(
    '/api/autobiographies/:id/print',
    { config: { ...bookToPrint.config, rateLimit: { ...perUser(PRINT_LIMITS.printsPerDay, 'preHandler'), timeWindow: '1 day' } }, schema: { body: printRequestSchema } },
    async (request, reply) => {
      const book = bookToPrint.of(request);
      return reply.status(202).send(presentPrint(book.id, await startPrint(db, queue, book, request.body)));
    },
  );

  api.get('/api/autobiographies/:id/print', { config: bookToRead.config }, async (request) => {
    const book = bookToRead.of(request);
    return presentPrint(book.id, await printOf(book.id));
  });

  api.get('/api/autobiographies/:id/print/photos', { config: bookToRead.config }, async (request) => ({
    photos: (await bookPhotos(db, bookToRead.of(request))).map((photo) => ({
      id: photo.id,
      caption: photo.caption,
      width: photo.width,
      height: photo.height,
      thumbUrl: `/api/photos/${photo.id}?size=thumb`,
    })),
  }));

  for (const part of ['interior', 'cover'] as const) {
    api.get(`/api/autobiographies/:id/print/${part}.pdf`, { config: bookToRead.config }, async (request, reply) => {
      const book = bookToRead.of(request);
      const row = await printOf(book.id);
      const key = row?.state === 'ready' ? (part === 'interior' ? row.interiorKey : row.coverKey) : null;
      if (!key) throw printNotReady();
      return sendStoredBlob(request, reply, store, {
        key,
        mimeType: 'application/pdf',
        disposition: attachmentHeader(`${book.title} (${part})`, 'pdf'),
        cacheControl: 'private, no-store',
        missing: 'Print file not found',
      });
    });
  }
}
