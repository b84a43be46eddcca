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

/** GET /api/health: whether the database, the queue and each AI engine are ready, and how to fix what is not. */
export async function healthRoutes(app: FastifyInstance, sources: HealthSources) {
  app.get('/api/health', async (_request, reply) => {
    const components: ComponentStatus[] = [
      await check('database', () => sources.database.ping(), sources.database.kind),
      await check('queue', async () => {
        await sources.queue.getQueues();
      }),
      ...(sources.engines ? await sources.engines() : []),
    ];
    const ok = components.filter((c) => c.name === 'database' || c.name === 'queue').every((c) => c.ready);
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', components });
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
