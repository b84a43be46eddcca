import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { anonymous, signedIn } from '../access/actor.ts';
import { signedInActor } from '../access/signed-in-scope.ts';
import { readSessionToken, type SessionStore, type UserRow } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when the session cookie names a live session. */
    user: UserRow | null;
  }
}

const SIGNED_COOKIES_REMEMBERED = 10_000;

/**
 * Reads the session cookie on every request: the user and the actor (server/access) go on
 * the request. Authentication says who is asking; what they may do is server/access's.
 */
export function registerAuthentication(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('user', null);
  // Set on every request by the hook below; null only until then.
  app.decorateRequest('actor', null as never);
  // Set on routes open to family readers (server/access/reader-scope.ts).
  app.decorateRequest('readerIdentity', null);
  // Checking a cookie's signature is an HMAC, about 10 µs of every request: each correctly
  // signed cookie is checked once (per server, so per secret). A forged one is never remembered.
  const signedTokens = new LRUCache<string, string>({ max: SIGNED_COOKIES_REMEMBERED });
  app.addHook('onRequest', async (request) => {
    const token = readSessionToken(request, signedTokens);
    request.user = token ? await sessions.findUser(token) : null;
    request.actor = request.user ? signedIn(request.user) : anonymous;
  });
}

/** The signed-in user making the request, or a 401. */
export const currentUser = (request: FastifyRequest): UserRow => signedInActor(request).user;
