import type { FastifyInstance } from 'fastify';
import type { PathResource } from './path-resource.ts';

/** Who may call a route: anyone, or only a signed-in person. */
export type RouteAccess = 'public' | 'signedIn';

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

/**
 * Records each route registered in this scope. A signed-in route whose path has a
 * parameter must say which resource it names, so it is authorized before anything else
 * and the generated cross-user test covers it.
 */
export function recordRoutes(scope: FastifyInstance, table: RouteEntry[], access: RouteAccess): void {
  scope.addHook('onRoute', (route) => {
    const resource = route.config?.resource;
    const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const unnamed = params.filter((param) => param !== resource?.param);
    if (access === 'signedIn' && unnamed.length > 0) {
      throw new Error(`${route.url}: say which resource :${unnamed[0]} names (pathResource), so it is authorized first`);
    }
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access, resource });
  });
}
