import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { usageOf } from './words-used.ts';

/** GET /api/usage: this month's transcribed words against the free plan (spec 9.1; not enforced). */
export async function usageRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.get('/api/usage', async (request) => usageOf(deps.db, currentUser(request).id));
}
