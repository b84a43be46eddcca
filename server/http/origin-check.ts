import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import type { SiteOrigin } from './site-origin.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// "same-site" too: a sibling subdomain is another party, even though SameSite=Lax cookies reach us from it.
const OTHER_SITES = new Set(['cross-site', 'same-site']);

/**
 * Refuses writes from other sites: an unsafe request whose Sec-Fetch-Site says another
 * site, or whose Origin is not this site's own (decided at start, never from the Host
 * header: a page on a rebound name sends a matching Host and Origin). A request with
 * neither header comes from a non-browser client, which carries no ambient cookie to
 * abuse, and goes through.
 */
export function registerOriginCheck(app: FastifyInstance, site: SiteOrigin): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (fromAnotherSite(request, site)) throw forbiddenOrigin();
  });
}

/**
 * Whether a browser sent this request from another site's page (Sec-Fetch-Site, or an
 * Origin not this server's). Also used where a GET acts, as a WebSocket upgrade does.
 */
export function fromAnotherSite(request: FastifyRequest, site: SiteOrigin): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && OTHER_SITES.has(fetchSite)) return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return !site.isOwn(origin);
}

/** The answer to a request from another site. */
export const forbiddenOrigin = () => new HttpError(403, 'forbidden_origin', 'Cross-site request refused');
