import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { CoAuthorActor } from './actor.ts';
import { loadPathResource } from './path-resource.ts';
import { recordRoutes, type RouteEntry } from './route-table.ts';

/**
 * Turns the request's link (its `:token`) into its holder, or throws the invalid-link
 * answer. The co-author feature gives it (server/co-author/link-actor.ts): what a link is
 * and how it is stored is theirs; what its holder may do is the policies'.
 */
export type LinkResolver = (request: FastifyRequest) => Promise<CoAuthorActor>;

/** The holder of the request's link, on a route of the link scope. */
export function linkActor(request: FastifyRequest): CoAuthorActor {
  if (request.actor.kind !== 'coAuthor') throw new Error(`${request.routeOptions.url} is not in the link scope`);
  return request.actor;
}

/**
 * The scope every co-author link route is registered in, beside the signed-in one: the
 * link is the credential. Its holder becomes the request's actor in `preParsing` (after
 * the rate limit, so unknown links are counted too; before any body is read), whatever
 * session the browser has. Then the path's resource is loaded and authorized for that
 * holder, then the body is validated.
 */
export function linkScope(scope: FastifyInstance, deps: { db: Database; routeTable: RouteEntry[]; resolveLink: LinkResolver }): void {
  recordRoutes(scope, deps.routeTable, 'link');
  scope.addHook('preParsing', async (request) => {
    request.actor = await deps.resolveLink(request);
  });
  scope.addHook('preValidation', loadPathResource(deps.db));
}
