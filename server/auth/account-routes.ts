import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authorNameBody, languagePreferenceBody } from '../../contract/auth.ts';
import type { Database } from '../db/client.ts';
import { currentUser } from './authenticate.ts';
import type { SessionStore } from './sessions.ts';
import { presentUser, updateUser } from './users.ts';

/** The signed-in person's own account: who they are, their language and author name (spec 7.2). */
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
}
