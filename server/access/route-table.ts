import type { FastifyInstance } from 'fastify';
import type { PathResource } from './path-resource.ts';

/**
 * Who may call a route: anyone, only a signed-in person (and a family reader where its path
 * resource says `readers`), only the holder of a live co-author link, or only a family reader.
 */
export type RouteAccess = 'public' | 'signedIn' | 'link' | 'reader';

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  resource?: PathResource;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its access, as registered: tests are generated from it. */
    routeTable: RouteEntry[];
  }
}

/** The path parameter that carries a link route's credential, resolved by the link scope. */
export const LINK_PARAM = 'token';

/**
 * Records each route registered in this scope. A signed-in or link route whose path has
 * a parameter must say which resource it names (a link route's `:token` being the link
 * itself), so it is authorized before anything else and the generated tests cover it.
 */
export function recordRoutes(scope: FastifyInstance, table: RouteEntry[], access: RouteAccess): void {
  scope.addHook('onRoute', (route) => {
    const resource = route.config?.resource;
    const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
    if (access === 'link' && !params.includes(LINK_PARAM)) {
      throw new Error(`${route.url}: a link route carries its link in :${LINK_PARAM}`);
    }
    const named = new Set([resource?.param, access === 'link' ? LINK_PARAM : undefined, ...(resource?.plainParams ?? [])]);
    const unnamed = params.filter((param) => !named.has(param));
    if (access !== 'public' && unnamed.length > 0) {
      throw new Error(`${route.url}: say which resource :${unnamed[0]} names (pathResource), so it is authorized first`);
    }
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access, resource });
  });
}
