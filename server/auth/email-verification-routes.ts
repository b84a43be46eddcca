import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { verifyEmailBody } from '../../contract/auth.ts';
import { toLanguage } from '../../contract/languages.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../email/mailer.ts';
import { HttpError } from '../http/errors.ts';
import { perAddress } from '../http/rate-limit/index.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import { currentUser } from './authenticate.ts';
import { sendVerificationLink, verifyEmail } from './email-verification.ts';
import type { SessionStore } from './sessions.ts';

interface Deps {
  db: Database;
  sessions: SessionStore;
  mailer: Mailer;
  site: SiteOrigin;
  loginRateLimit: number;
}

/** POST /api/auth/verify-email: the link from the e-mail verifies its address. Public (the link may open in another browser), rate limited like sign-in. */
export async function emailVerificationRoutes(app: FastifyInstance, { db, sessions, loginRateLimit }: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/api/auth/verify-email', { schema: { body: verifyEmailBody }, config: { rateLimit: perAddress(loginRateLimit) } }, async (request) => {
    const user = await verifyEmail(db, request.body.token);
    // The cached sessions carry the user's row: this server serves the change at once.
    sessions.forgetUser(user.id);
    return { email: user.email ?? '' };
  });
}

/**
 * POST /api/auth/verify-email/resend: "Send the link again" for the signed-in person's own
 * address. The hourly share of links per account (VERIFICATION_LINKS_PER_HOUR) is its limit.
 */
export async function verificationResendRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/api/auth/verify-email/resend', async (request, reply) => {
    const user = currentUser(request);
    if (!user.email) throw new HttpError(400, 'no_email', 'Your account has no e-mail address');
    if (user.emailVerifiedAt) throw new HttpError(409, 'email_already_verified', 'This e-mail address is verified already');
    const sent = await sendVerificationLink(deps, user, user.languagePreference ? toLanguage(user.languagePreference) : undefined);
    if (!sent) throw new HttpError(429, 'rate_limited', 'Too many links were sent to this address in the last hour. Try again later.');
    return reply.status(202).send({ email: user.email, delivery: deps.mailer.delivery });
  });
}
