import type { FastifyInstance } from 'fastify';
import type { EngineReadiness } from '../../contract/engines.ts';
import type { ComponentStatus } from './routes.ts';

export interface EngineRouteSources {
  /** Each engine's status (GET /api/health's); unset when this server runs no engines. */
  engines?: () => Promise<ComponentStatus[]>;
}

/** Which engines work waits for, from their statuses: one not listed is not known to be missing. */
export function engineReadiness(statuses: readonly ComponentStatus[]): EngineReadiness {
  const ready = (name: string) => statuses.find((status) => status.name === name)?.ready ?? true;
  return { transcriber: { ready: ready('transcriber') }, writer: { ready: ready('writer') } };
}

/**
 * GET /api/engines (signed in): whether the transcriber and the writer are ready now, so
 * the screens can say what a waiting recording or story waits for. Loads no model and
 * calls no provider.
 */
export async function engineRoutes(app: FastifyInstance, sources: EngineRouteSources) {
  app.get('/api/engines', async () => engineReadiness(sources.engines ? await sources.engines() : []));
}
