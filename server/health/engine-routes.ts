import type { FastifyInstance } from 'fastify';
import { engineReadinessOf, type EngineStatuses } from './engine-readiness.ts';

export interface EngineRouteSources {
  /** Each engine's status (GET /api/health's); unset when this server runs no engines. */
  engines?: EngineStatuses;
}

/**
 * GET /api/engines (signed in): whether the transcriber and the writer are ready now, so
 * the screens can say what a waiting recording or story waits for, and which narrator
 * speaks (the publish card's voices). Loads no model and calls no provider.
 */
export async function engineRoutes(app: FastifyInstance, sources: EngineRouteSources) {
  app.get('/api/engines', async () => engineReadinessOf(sources.engines));
}
