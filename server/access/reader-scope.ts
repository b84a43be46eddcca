import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { unauthorized } from '../http/errors.ts';
import type { FamilyReaderActor } from './actor.ts';
import { loadPathResource } from './path-resource.ts';
import { recordRoutes, type RouteEntry } from './route-table.ts';

/**
 * The circles a browser reads: the members its family sign-in names (a cookie on this
 * device) and those claimed by its signed-in account. Opaque to access: the family feature
 * makes it and turns it into a reader.
 */
export interface ReaderIdentity {
  memberIds: readonly number[];
}

/**
 * What the family feature (server/family/reader-resolver.ts) gives access: who a browser
 * reads for, and that reader for one owner's resources, with what is shared with them now.
 */
export interface ReaderResolver {
  /** The browser's live memberships, or null when it has none (no sign-in, ended, or removed). */
  identify(request: FastifyRequest): Promise<ReaderIdentity | null>;
  /** The reader of this owner's circle among the identity's memberships, or null. */
  readerOf(identity: ReaderIdentity, ownerId: string): Promise<FamilyReaderActor | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser's family memberships, on routes open to readers; null elsewhere or without any. */
    readerIdentity: ReaderIdentity | null;
  }
}

/** The browser's memberships, on a route of the reader scope. */
export function readerIdentity(request: FastifyRequest): ReaderIdentity {
  if (!request.readerIdentity) throw new Error(`${request.routeOptions.url} is not in the reader scope`);
  return request.readerIdentity;
}

/**
 * The scope of the family reader's own routes (`/api/family/...` for readers): a browser
 * without a live membership gets 401 before anything is read, like a signed-out caller; a
 * removed reader's next request is one. A path resource is authorized as the reader of its
 * owner's circle (path-resource.ts); handlers without one pick the circle with the resolver.
 */
export function readerScope(scope: FastifyInstance, deps: { db: Database; routeTable: RouteEntry[]; readers: ReaderResolver }): void {
  recordRoutes(scope, deps.routeTable, 'reader');
  scope.addHook('onRequest', async (request) => {
    request.readerIdentity = await deps.readers.identify(request);
    if (!request.readerIdentity) throw unauthorized();
  });
  scope.addHook('preValidation', loadPathResource(deps.db, deps.readers));
}
