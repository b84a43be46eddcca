import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';

/** Chapters (spec 7.8): built by the chapters work. */
export async function chapterRoutes(_app: FastifyInstance, _deps: { db: Database; queue: Queue }) {}
