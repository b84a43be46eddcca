import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInBody, signUpBody } from '../../contract/auth.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { mailInBackground } from '../email/in-background.ts';
import type { Mailer } from '../email/mailer.ts';
import { accountSignIns } from '../http/rate-limit/account-sign-ins.ts';
import type { RateLimitCounters } from '../http/rate-limit/counters.ts';
import { perAddress } from '../http/rate-limit/index.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import { signInLocal, signUpLocal } from './local-accounts.ts';
import { oidcSignIn } from './oidc.ts';
import { clearSessionCookie, readSessionToken, type SessionStore, startNewSession, type UserRow } from './sessions.ts';
import { mailAfterSignUp } from './sign-up-mail.ts';
import { findOrCreateExternalUser, presentUser } from './users.ts';

const LOCAL_SIGN_IN_PAGE = '/sign-in';

/** Every way in and out: local accounts, OpenID Connect providers, sign-out (spec 7.2). Public. */
export async function signInRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Database; sessions: SessionStore; site: SiteOrigin; mailer: Mailer; counters: RateLimitCounters },
) {
  const { config, db, sessions, site } = deps;
  const oidc = oidcSignIn(config.providers, site);
  const inBackground = mailInBackground(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  const loginLimit = { rateLimit: perAddress(config.loginRateLimit) };
  const accountLimit = accountSignIns(deps.counters, config.accountLoginLimit);

  const startSession = (request: FastifyRequest, reply: FastifyReply, user: UserRow) =>
    startNewSession(sessions, request, reply, user.id, site);

  api.get('/api/auth/providers', async () => ({
    google: oidc.has('google'),
    oidc: oidc.has('oidc'),
    local: true,
  }));

  // The same answer whether the address is new or has an account (decision 027): the e-mail
  // says which, and the client signs in with the same credentials next.
  api.post('/api/auth/local/sign-up', { schema: { body: signUpBody }, config: loginLimit }, async (request, reply) => {
    const { language, ...account } = request.body;
    const outcome = await signUpLocal(db, account);
    inBackground(request.log, 'sign-up e-mail', () => mailAfterSignUp(deps, outcome, language));
    return reply.status(202).send({ message: 'Thank you. A message is on its way to this address; sign in to go on.' });
  });

  api.post('/api/auth/local/sign-in', { schema: { body: signInBody }, config: loginLimit }, async (request, reply) => {
    const { email, password } = request.body;
    await accountLimit.attempt(email, reply);
    const user = await signInLocal(db, email, password);
    await accountLimit.clear(email);
    await startSession(request, reply, user);
    return presentUser(user);
  });

  // Navigations: with no provider configured both lead to Saaga's own sign-in page.
  api.get('/api/login', { config: loginLimit }, async (request, reply) =>
    oidc.has('oidc') ? oidc.start('oidc', request, reply) : reply.redirect(LOCAL_SIGN_IN_PAGE),
  );
  api.get('/api/auth/google', { config: loginLimit }, async (request, reply) =>
    oidc.has('google') ? oidc.start('google', request, reply) : reply.redirect(LOCAL_SIGN_IN_PAGE),
  );

  api.get(
    '/api/auth/callback/:provider',
    { schema: { params: z.object({ provider: z.enum(['google', 'oidc']) }) }, config: loginLimit },
    async (request, reply) => {
      try {
        const profile = await oidc.finish(request.params.provider, request, reply);
        const user = await findOrCreateExternalUser(db, profile);
        // Its row may have changed (the address verified, an unproven password's sessions ended): read it afresh.
        sessions.forgetUser(user.id);
        await startSession(request, reply, user);
        return reply.redirect('/');
      } catch (error) {
        request.log.warn({ err: error }, 'sign-in callback failed');
        return reply.redirect(`${LOCAL_SIGN_IN_PAGE}?error=provider`);
      }
    },
  );

  // A navigation (spec 7.2), so a GET: one that another site started does not sign anyone out.
  api.get('/api/logout', async (request, reply) => {
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') return reply.redirect('/');
    const token = readSessionToken(request);
    if (token) await sessions.destroy(token);
    clearSessionCookie(reply);
    return reply.redirect('/');
  });
}
