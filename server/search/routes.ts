import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuerySchema } from '../../contract/search.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { searchStories } from './search-stories.ts';

/** GET /api/search: the signed-in user's stories by their words (docs/decisions/020-search.md). */
export async function searchRoutes(app: FastifyInstance, deps: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/search', { schema: { querystring: searchQuerySchema } }, async (request) =>
    searchStories(deps.db, currentUser(request).id, request.query),
  );
}
