import type { FastifyInstance } from 'fastify';
import { pathResource } from '../access/path-resource.ts';
import type { Database } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import { requestInfoRefresh } from './refresh-info.ts';

const personToRefresh = pathResource('person', 'update');
const placeToRefresh = pathResource('place', 'update');

/** POST /api/people/{id}/refresh-info and /api/places/{id}/refresh-info (spec 7.9, 7.10): 202 while the job runs. */
export async function refreshInfoRoutes(app: FastifyInstance, deps: { db: Database; queue: Queue }) {
  app.post('/api/people/:id/refresh-info', { config: personToRefresh.config }, async (request, reply) =>
    reply.status(202).send(await requestInfoRefresh(deps.db, deps.queue, { kind: 'person', row: personToRefresh.of(request) })),
  );
  app.post('/api/places/:id/refresh-info', { config: placeToRefresh.config }, async (request, reply) =>
    reply.status(202).send(await requestInfoRefresh(deps.db, deps.queue, { kind: 'place', row: placeToRefresh.of(request) })),
  );
}
