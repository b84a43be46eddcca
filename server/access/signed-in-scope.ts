import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { unauthorized } from '../http/errors.ts';
import type { SignedInActor } from './actor.ts';
import { loadPathResource } from './path-resource.ts';
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
 * learns nothing but 401. Then the path's resource is loaded and authorized, then the
 * body is validated.
 */
export function signedInScope(scope: FastifyInstance, deps: { db: Database; routeTable: RouteEntry[] }): void {
  recordRoutes(scope, deps.routeTable, 'signedIn');
  scope.addHook('onRequest', async (request) => {
    signedInActor(request);
  });
  scope.addHook('preValidation', loadPathResource(deps.db));
}
