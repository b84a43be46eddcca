import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { timelineQuerySchema } from '../../contract/library.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { sendPage } from '../http/pagination.ts';
import { timeline } from './timeline.ts';

/** GET /api/timeline: a page of the user's stories by year (spec "Timeline", decision 023). */
export async function timelineRoutes(app: FastifyInstance, deps: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/timeline', { schema: { querystring: timelineQuerySchema } }, async (request, reply) =>
    sendPage(request, reply, await timeline(deps.db, currentUser(request).id, request.query)),
  );
}
