import type { FastifyInstance } from 'fastify';
import { signedInActor } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { loadPathResource } from './path-resource.ts';
import { recordRoutes, type RouteEntry } from './route-table.ts';

/**
 * The scope every signed-in route is registered in. The session is checked first, in
 * `onRequest`, before the body is read or validated: no route can forget it, and an
 * unauthenticated caller learns nothing but 401. Then the path's resource is loaded and
 * authorized, then the body is validated.
 */
export function signedInScope(scope: FastifyInstance, deps: { db: Database; routeTable: RouteEntry[] }): void {
  recordRoutes(scope, deps.routeTable, 'signedIn');
  scope.addHook('onRequest', async (request) => {
    signedInActor(request);
  });
  scope.addHook('preValidation', loadPathResource(deps.db));
}
