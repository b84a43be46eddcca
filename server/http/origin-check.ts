import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// "same-site" too: a sibling subdomain is another party, even though SameSite=Lax cookies reach us from it.
const OTHER_SITES = new Set(['cross-site', 'same-site']);

/**
 * Refuses writes from other sites: an unsafe request whose Sec-Fetch-Site says another
 * site, or whose Origin is not this server's own. A request with neither header comes
 * from a non-browser client, which carries no ambient cookie to abuse, and goes through.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  const configured = publicUrl ? new URL(publicUrl).origin : undefined;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && OTHER_SITES.has(site)) throw forbidden();
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (origin !== (configured ?? `${request.protocol}://${request.host}`)) throw forbidden();
  });
}

const forbidden = () => new HttpError(403, 'forbidden_origin', 'Cross-site request refused');
