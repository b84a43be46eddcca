import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authorNameBody, languagePreferenceBody } from '../../contract/auth.ts';
import type { Database } from '../db/client.ts';
import { currentUser } from './authenticate.ts';
import { presentUser, updateUser } from './users.ts';

/** The signed-in person's own account: who they are, their language and author name (spec 7.2). */
export async function accountRoutes(app: FastifyInstance, deps: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/auth/user', async (request) => presentUser(currentUser(request)));

  api.put('/api/auth/language-preference', { schema: { body: languagePreferenceBody } }, async (request) =>
    presentUser(await updateUser(deps.db, currentUser(request).id, { languagePreference: request.body.language })),
  );

  api.put('/api/auth/author-name', { schema: { body: authorNameBody } }, async (request) =>
    presentUser(await updateUser(deps.db, currentUser(request).id, { authorName: request.body.authorName || null })),
  );
}
