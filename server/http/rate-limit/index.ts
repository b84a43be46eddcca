import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import type { RateLimitCounters } from './counters.ts';

/**
 * Every rate limit of the server, in one place (decision 021): registered once here, with
 * its counts in the database so that they hold across API servers; each route declares its
 * own limit with `perAddress` or `perUser`. A route's limit is counted apart from another's.
 */
export async function registerRateLimits(app: FastifyInstance, counters: RateLimitCounters): Promise<void> {
  await app.register(rateLimit, { global: false, store: databaseStore(counters) });
}

const WINDOW = '1 minute';

/** Per client address (the proxy's forwarded one only with TRUST_PROXY): for anonymous callers. */
export const perAddress = (max: number) => ({ max, timeWindow: WINDOW });

/**
 * Per signed-in user (a family shares one address), for routes of the signed-in scope,
 * whose session check runs first. Counted before the body is read, or at `preHandler`
 * when only requests that got past validation and authorization should count.
 */
export const perUser = (max: number, hook: 'onRequest' | 'preHandler' = 'onRequest') => ({
  max,
  timeWindow: WINDOW,
  hook,
  keyGenerator: (request: FastifyRequest) => `user:${signedInUserId(request)}`,
});

/**
 * The signed-in user's id, from the user that authentication (auth/authenticate.ts) puts
 * on every request before any route's hooks run; a 401 without one.
 */
function signedInUserId(request: FastifyRequest): string {
  if (!request.user) throw unauthorized();
  return request.user.id;
}

/** @fastify/rate-limit's store interface over the shared counters; each route gets its own key space. */
function databaseStore(counters: RateLimitCounters): FastifyRateLimitStoreCtor {
  class DatabaseStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counters.hit(this.prefix + key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    // The plugin passes the route's merged options, the route itself under `routeInfo`.
    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }): DatabaseStore {
      const { method, url } = routeOptions.routeInfo ?? {};
      return new DatabaseStore(undefined, `${[method].flat().join(',')} ${url} `);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
