import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { familyCircleQuerySchema, familyLibraryQuerySchema } from '../../../contract/family-reading.ts';
import type { Database } from '../../db/client.ts';
import { sendPage } from '../../http/pagination.ts';
import { readerOfCircle } from '../circle.ts';
import { familyChapters, familyLibrary, familyPeople } from './library.ts';

/**
 * What a reader reads, in the reader scope (a live family sign-in, checked first): the shared
 * stories a page at a time, their chapters, their people and places. `circle` picks one of the
 * browser's circles (another's is a 404); without it, the one joined last.
 */
export async function familyReadingRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/family/library', { schema: { querystring: familyLibraryQuerySchema } }, async (request, reply) => {
    const { circle, ...page } = request.query;
    return sendPage(request, reply, await familyLibrary(db, await readerOfCircle(db, request, circle), page));
  });

  api.get('/api/family/chapters', { schema: { querystring: familyCircleQuerySchema } }, async (request) =>
    familyChapters(db, await readerOfCircle(db, request, request.query.circle)),
  );

  api.get('/api/family/people', { schema: { querystring: familyCircleQuerySchema } }, async (request) =>
    familyPeople(db, await readerOfCircle(db, request, request.query.circle)),
  );
}
