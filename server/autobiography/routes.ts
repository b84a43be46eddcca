import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';

/** Autobiographies (spec 7.8): built by the autobiography work. */
export async function autobiographyRoutes(_app: FastifyInstance, _deps: { db: Database; queue: Queue }) {}
