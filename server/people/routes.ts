import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageSchema } from '../../contract/languages.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { listPeople } from './queries.ts';

const languageQuery = z.object({ language: languageSchema.optional().catch(undefined) });

/** GET /api/people (spec 7.9): the list, with mentions counted from linked recordings. */
export async function peopleRoutes(app: FastifyInstance, deps: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/people', { schema: { querystring: languageQuery } }, async (request) => listPeople(deps.db, currentUser(request).id));
}
