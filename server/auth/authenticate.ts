import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.ts';
import { readSessionToken, type SessionStore, type UserRow } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when the session cookie names a live session. */
    user: UserRow | null;
  }
}

/** Reads the session cookie on every request and puts the user on `request.user`. */
export function registerAuthentication(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = readSessionToken(request);
    request.user = token ? await sessions.findUser(token) : null;
  });
}

/** The signed-in user, or a 401: every route on user data starts with this. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
