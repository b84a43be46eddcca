import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgotPasswordBody, resetPasswordBody } from '../../contract/auth.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../email/mailer.ts';
import { accountSignIns } from '../http/rate-limit/account-sign-ins.ts';
import { rateLimitCounters } from '../http/rate-limit/counters.ts';
import { perAddress } from '../http/rate-limit/index.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import { requireLiveResetLink, resetPassword, sendResetLink } from './password-reset.ts';
import { type SessionStore, startNewSession } from './sessions.ts';
import { presentUser } from './users.ts';

interface Deps {
  config: Config;
  db: Database;
  sessions: SessionStore;
  mailer: Mailer;
  site: SiteOrigin;
}

/** A forgotten password: a one-time link by e-mail, then a new password through it. Public, rate limited like sign-in. */
export async function passwordResetRoutes(app: FastifyInstance, { config, db, sessions, mailer, site }: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const loginLimit = { rateLimit: perAddress(config.loginRateLimit) };
  const accountLimit = accountSignIns(rateLimitCounters(db), config.accountLoginLimit);

  // Links being sent after their answer went out; closing the server waits for them.
  const sending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(sending);
  });

  api.post('/api/auth/local/forgot-password', { schema: { body: forgotPasswordBody }, config: loginLimit }, async (request, reply) => {
    const { email, language } = request.body;
    // The site's own address, never the request's Host; a server that does not know it says so.
    const baseUrl = site.forLinks();
    // Answered before the address is even looked up: the same answer, as fast, whether it has an account or not.
    const work = sendResetLink(db, mailer, { email, pageLanguage: language, baseUrl })
      .catch((error: unknown) => request.log.error({ err: error }, 'password reset e-mail failed'))
      .finally(() => sending.delete(work));
    sending.add(work);
    return reply
      .status(202)
      .send({ message: 'If an account exists for this address, a link to reset its password is on its way.' });
  });

  // Opening a link asks first, so a spent one says so before anything is typed (204, else 410).
  api.get(
    '/api/auth/local/reset-password/:token',
    { schema: { params: z.object({ token: z.string().max(200) }) }, config: loginLimit },
    async (request, reply) => {
      await requireLiveResetLink(db, request.params.token);
      return reply.header('cache-control', 'no-store').status(204).send();
    },
  );

  api.post('/api/auth/local/reset-password', { schema: { body: resetPasswordBody }, config: loginLimit }, async (request, reply) => {
    const user = await resetPassword(db, request.body.token, request.body.password);
    sessions.forgetUser(user.id);
    // The owner is back in: guesses at the old password no longer hold their sign-in back.
    if (user.email) await accountLimit.clear(user.email.toLowerCase());
    // Every other session ended with the old password; this browser goes on signed in.
    await startNewSession(sessions, request, reply, user.id, site);
    return presentUser(user);
  });
}
