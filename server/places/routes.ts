import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageSchema } from '../../contract/languages.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { listPlaces } from './queries.ts';

const languageQuery = z.object({ language: languageSchema.optional().catch(undefined) });

/** GET /api/places (spec 7.10): the list, with mentions counted from linked recordings. */
export async function placeRoutes(app: FastifyInstance, deps: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/places', { schema: { querystring: languageQuery } }, async (request) => listPlaces(deps.db, currentUser(request).id));
}
