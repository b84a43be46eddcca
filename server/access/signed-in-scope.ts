import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { unauthorized } from '../http/errors.ts';
import type { SignedInActor } from './actor.ts';
import { loadPathResource } from './path-resource.ts';
import type { ReaderResolver } from './reader-scope.ts';
import { recordRoutes, type RouteEntry } from './route-table.ts';

/** The signed-in person making the request, or a 401. */
export function signedInActor(request: FastifyRequest): SignedInActor {
  if (request.actor.kind !== 'user') throw unauthorized();
  return request.actor;
}

/**
 * The scope every signed-in route is registered in. The session (read by
 * server/auth/authenticate.ts on every request) is checked first, in `onRequest`, before
 * the body is read or validated: no route can forget it, and an unauthenticated caller
 * learns nothing but 401. The one exception: a route whose path resource is open to family
 * readers also lets in a browser with a live family sign-in. Then the path's resource is
 * loaded and authorized, then the body is validated.
 */
export function signedInScope(scope: FastifyInstance, deps: { db: Database; routeTable: RouteEntry[]; readers: ReaderResolver }): void {
  recordRoutes(scope, deps.routeTable, 'signedIn');
  scope.addHook('onRequest', async (request) => {
    if (request.actor.kind === 'user') return;
    if (request.routeOptions.config.resource?.readers) request.readerIdentity = await deps.readers.identify(request);
    if (!request.readerIdentity) signedInActor(request);
  });
  scope.addHook('preValidation', loadPathResource(deps.db, deps.readers));
}
