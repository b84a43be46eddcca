import { basename } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';

export interface ComponentStatus {
  name: string;
  ready: boolean;
  adapter?: string;
  problem?: string;
  fix?: string;
}

export interface HealthSources {
  database: DatabaseHandle;
  queue: Queue;
  engines?: () => Promise<ComponentStatus[]>;
}

/**
 * GET /api/health: whether the database, the queue and each AI engine are ready, and how
 * to fix what is not (see overallStatus). Public; the folders of this machine are shown to
 * signed-in callers only.
 */
export async function healthRoutes(app: FastifyInstance, sources: HealthSources) {
  app.get('/api/health', async (request, reply) => {
    const components: ComponentStatus[] = [
      await check('database', () => sources.database.ping(), sources.database.kind),
      await check('queue', async () => {
        await sources.queue.getQueues();
      }),
      ...(sources.engines ? await sources.engines() : []),
    ];
    const status = overallStatus(components);
    const shown = request.actor.kind === 'user' ? components : components.map(withoutPaths);
    return reply.status(status === 'unavailable' ? 503 : 200).send({ status, components: shown });
  });
}

/**
 * ok: everything is ready. degraded: the app serves and keeps every recording, but some
 * engine is not ready, so work waits for it. unavailable: without the database or the
 * queue nothing can be kept, so the server is not healthy (503).
 */
export function overallStatus(components: readonly ComponentStatus[]): 'ok' | 'degraded' | 'unavailable' {
  const core = components.filter((c) => c.name === 'database' || c.name === 'queue');
  if (!core.every((c) => c.ready)) return 'unavailable';
  return components.every((c) => c.ready) ? 'ok' : 'degraded';
}

async function check(name: string, probe: () => Promise<void>, adapter?: string): Promise<ComponentStatus> {
  try {
    await probe();
    return { name, adapter, ready: true };
  } catch (error) {
    return { name, adapter, ready: false, problem: error instanceof Error ? error.message : String(error) };
  }
}

// An absolute path standing on its own (not the path part of a URL).
const ABSOLUTE_PATH = /(^|[\s(`'"])(\/[^\s`'"),]+)/g;

/** A status with every absolute path cut to its last part: anyone may see what is missing, not where. */
export function withoutPaths(status: ComponentStatus): ComponentStatus {
  const cut = (text: string | undefined) => text?.replace(ABSOLUTE_PATH, (_, before: string, path: string) => `${before}${basename(path)}`);
  return { ...status, problem: cut(status.problem), fix: cut(status.fix) };
}
