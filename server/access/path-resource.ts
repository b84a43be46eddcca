import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParamSchema, uuidParamSchema } from '../../contract/ids.ts';
import type { Database } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { findRow, UUID_KINDS } from './loaders.ts';
import { type Authorized, authorize, can, NOT_FOUND, type ResourceActions, type ResourceKind, type ResourceRows } from './policies.ts';
import type { ReaderResolver } from './reader-scope.ts';

/** The resource a route's path parameter names, and what the route does to it. */
export interface PathResource {
  kind: ResourceKind;
  action: string;
  param: string;
  /** What a path value that cannot be an id answers, when the spec names it (else the kind's 404). */
  invalidId?: () => Error;
  /** Other path parameters that name no resource (a piece's number), validated by the route's schema. */
  plainParams?: readonly string[];
  /**
   * A signed-in route a family reader may call too (a story's read): who is not the row's
   * owner is asked as the reader of the owner's circle, when the browser is one (reader-scope.ts).
   */
  readers?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    resource?: PathResource;
  }
  interface FastifyRequest {
    /** The row the route's path names, loaded and authorized before validation. */
    authorizedResource: unknown;
  }
}

/**
 * Declares that a route's `:param` names a resource the actor must be allowed to
 * `action`, whoever the actor is (a signed-in person, a link's holder). Put `config` in
 * the route options; `of(request)` in the handler gives the authorized row, typed.
 */
export function pathResource<K extends ResourceKind, A extends ResourceActions[K]>(
  kind: K,
  action: A,
  param = 'id',
  options: { invalidId?: () => Error; plainParams?: readonly string[]; readers?: boolean } = {},
) {
  const resource: PathResource = { kind, action, param, ...options };
  return {
    config: { resource },
    of(request: FastifyRequest): Authorized<ResourceRows[K], A> {
      if (request.routeOptions.config.resource !== resource || request.authorizedResource == null) {
        throw new Error(`${request.routeOptions.url} does not load a ${kind} for ${action}`);
      }
      return request.authorizedResource as Authorized<ResourceRows[K], A>;
    },
  };
}

const pathParams = z.record(z.string(), z.string());

/**
 * Loads and authorizes the route's path resource before the body is validated: someone
 * else's id is a 404 whatever the body says, and a bad id is one too. On a route open to
 * family readers (the reader scope, or `readers` on a signed-in one), a caller the row's
 * policy refuses is asked again as the reader of its owner's circle, and is that reader
 * for the rest of the request.
 */
export function loadPathResource(db: Database, readers?: ReaderResolver) {
  return async (request: FastifyRequest) => {
    const resource = request.routeOptions.config.resource;
    if (!resource) return;
    // Runs before the route's own schema: the raw path value, read with the shared id schema.
    const raw = pathParams.safeParse(request.params).data?.[resource.param] ?? '';
    const id = (UUID_KINDS.has(resource.kind) ? uuidParamSchema : idParamSchema).safeParse(raw);
    if (!id.success) {
      // Not digits at all: the spec's own answer where it names one; digits out of range name no row.
      const notDigits = !/^\d+$/.test(raw);
      throw (notDigits && resource.invalidId?.()) || notFound(NOT_FOUND[resource.kind]);
    }
    const row = await findRow(db, resource.kind, id.data);
    const action = resource.action as never;
    if (row && readers && (resource.readers || request.readerIdentity) && !can(request.actor, action, resource.kind, row)) {
      const identity = request.readerIdentity ?? (await readers.identify(request));
      const reader = identity && (await readers.readerOf(identity, (row as { userId: string }).userId));
      if (reader) request.actor = reader;
    }
    request.authorizedResource = authorize(request.actor, action, resource.kind, row);
  };
}
