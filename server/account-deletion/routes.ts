import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountDeletionSchema } from '../../contract/archive.ts';
import { currentUser } from '../auth/authenticate.ts';
import { clearSessionCookie, readSessionToken, type SessionStore } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accountSignIns } from '../http/rate-limit/account-sign-ins.ts';
import type { RateLimitCounters } from '../http/rate-limit/counters.ts';
import type { Queue } from '../jobs/queue.ts';
import { confirmDeletion, deletionCheck } from './confirm.ts';
import { startDeletion } from './start-deletion.ts';

/**
 * GET /api/account/deletion (signed in): what the deletion screen asks for (confirm.ts).
 * DELETE /api/account (signed in): after the confirmation (confirm.ts), everything that
 * must end at once ends (start-deletion.ts) and the job removes the rest; 202, and this
 * browser's session cookie is cleared.
 */
export async function accountDeletionRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Database; queue: Queue; sessions: SessionStore; counters: RateLimitCounters },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The sign-in's own count per account: a password tried here is a try there too.
  const passwordTries = accountSignIns(deps.counters, deps.config.accountLoginLimit);

  const currentSession = async (request: FastifyRequest) =>
    (await deps.sessions.listOf(currentUser(request).id, readSessionToken(request))).find((row) => row.current);

  api.get('/api/account/deletion', async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await deletionCheck(deps.db, currentUser(request), await currentSession(request))),
  );

  api.delete('/api/account', { schema: { body: accountDeletionSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const session = await currentSession(request);
    await confirmDeletion({ db: deps.db, countTry: (subject) => passwordTries.attempt(subject, reply) }, user, session, request.body);
    await startDeletion(deps, user.id);
    clearSessionCookie(reply);
    return reply.status(202).send({ message: 'The account is being deleted.' });
  });
}
