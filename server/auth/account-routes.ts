import type { FastifyInstance } from 'fastify';
import { pathResource } from '../access/path-resource.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authorNameBody, languagePreferenceBody } from '../../contract/auth.ts';
import type { Database } from '../db/client.ts';
import { currentUser } from './authenticate.ts';
import { presentDevice } from './device-name.ts';
import { clearSessionCookie, readSessionToken, type SessionStore } from './sessions.ts';
import { presentUser, updateUser } from './users.ts';

const deviceToSignOut = pathResource('session', 'delete', 'sessionId');

/**
 * The signed-in person's own account: who they are, their language and author name (spec 7.2),
 * and the devices signed in to it, each of which they can sign out.
 */
export async function accountRoutes(app: FastifyInstance, deps: { db: Database; sessions: SessionStore }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The cached sessions carry the user's row: this server serves the change at once.
  const update = async (userId: string, changes: Parameters<typeof updateUser>[2]) => {
    const user = await updateUser(deps.db, userId, changes);
    deps.sessions.forgetUser(userId);
    return presentUser(user);
  };

  api.get('/api/auth/user', async (request) => presentUser(currentUser(request)));

  api.put('/api/auth/language-preference', { schema: { body: languagePreferenceBody } }, async (request) =>
    update(currentUser(request).id, { languagePreference: request.body.language }),
  );

  api.put('/api/auth/author-name', { schema: { body: authorNameBody } }, async (request) =>
    update(currentUser(request).id, { authorName: request.body.authorName || null }),
  );

  api.get('/api/auth/sessions', async (request) =>
    (await deps.sessions.listOf(currentUser(request).id, readSessionToken(request))).map(presentDevice),
  );

  api.delete('/api/auth/sessions/:sessionId', { config: deviceToSignOut.config }, async (request, reply) => {
    const session = deviceToSignOut.of(request);
    await deps.sessions.end(session);
    if (deps.sessions.isCurrent(session, readSessionToken(request))) clearSessionCookie(reply);
    return reply.status(204).send();
  });

  // "Sign out on all other devices": this one stays signed in (the list's own button signs it out too).
  api.post('/api/auth/sessions/sign-out-others', async (request, reply) => {
    const token = readSessionToken(request);
    if (token) await deps.sessions.endOthers(currentUser(request).id, token);
    return reply.status(204).send();
  });
}
