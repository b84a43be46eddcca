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
 * to fix what is not. Public; the folders of this machine are shown to signed-in callers only.
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
    const ok = components.filter((c) => c.name === 'database' || c.name === 'queue').every((c) => c.ready);
    const shown = request.actor.kind === 'user' ? components : components.map(withoutPaths);
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', components: shown });
  });
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
