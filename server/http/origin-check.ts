import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Rejects cross-site writes: an unsafe request whose Origin is not this server's own.
 * Browsers always send Origin on cross-origin POST/PUT/PATCH/DELETE, so a missing
 * header means a non-browser client, which carries no ambient cookie to abuse.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  const allowed = publicUrl ? new URL(publicUrl).origin : undefined;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden();
      return;
    }
    const own = allowed ?? `${request.protocol}://${request.host}`;
    if (origin !== own) throw forbidden();
  });
}

const forbidden = () => new HttpError(403, 'forbidden_origin', 'Cross-site request refused');
