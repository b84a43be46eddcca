import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';

/** Follow-up questions (spec 7.5): built by the follow-up work. */
export async function followUpRoutes(_app: FastifyInstance, _deps: { db: Database; queue: Queue }) {}
