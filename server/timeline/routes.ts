import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageSchema } from '../../contract/languages.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { timeline } from './timeline.ts';

/** GET /api/timeline: the user's stories by year (spec "Timeline"). */
export async function timelineRoutes(app: FastifyInstance, deps: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/timeline', { schema: { querystring: z.object({ language: languageSchema.optional().catch(undefined) }) } }, async (request) =>
    timeline(deps.db, currentUser(request).id),
  );
}
