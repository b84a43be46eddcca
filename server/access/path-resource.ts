import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParamSchema, uuidParamSchema } from '../../contract/ids.ts';
import type { Database } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { load, UUID_KINDS } from './loaders.ts';
import { type Authorized, NOT_FOUND, type ResourceActions, type ResourceKind, type ResourceRows } from './policies.ts';

/** The resource a route's path parameter names, and what the route does to it. */
export interface PathResource {
  kind: ResourceKind;
  action: string;
  param: string;
  /** What a path value that cannot be an id answers, when the spec names it (else the kind's 404). */
  invalidId?: () => Error;
  /** Other path parameters that name no resource (a piece's number), validated by the route's schema. */
  plainParams?: readonly string[];
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
  options: { invalidId?: () => Error; plainParams?: readonly string[] } = {},
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
 * else's id is a 404 whatever the body says, and a bad id is one too.
 */
export function loadPathResource(db: Database) {
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
    request.authorizedResource = await load(db, request.actor, resource.kind, id.data, resource.action as never);
  };
}
