import type { FastifyInstance } from 'fastify';
import { signatureName } from '../../contract/author-name.ts';
import { toLanguage } from '../../contract/languages.ts';
import { currentUser } from './authenticate.ts';
import { HttpError } from '../http/errors.ts';
import { perUser } from '../http/rate-limit/index.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import type { Mailer } from '../email/mailer.ts';
import { welcomeMessage } from '../email/welcome-message.ts';

const HOUR = '1 hour';

/** The answer to a mail for an address nobody has proven yet: only the link that verifies it goes there. */
export const emailNotVerified = () =>
  new HttpError(403, 'email_not_verified', 'Confirm your e-mail address first: open the link we sent to it');

/**
 * POST /api/email/welcome: a test welcome e-mail to the signed-in user's own address (spec 7.2),
 * only once that address is verified, and a few times an hour per account (`perHour`).
 * The answer says how it went out, so the admin page can tell a sent message from one kept in the outbox.
 */
export async function emailRoutes(app: FastifyInstance, deps: { mailer: Mailer; site: SiteOrigin; perHour: number }) {
  const limit = { rateLimit: { ...perUser(deps.perHour), timeWindow: HOUR } };
  app.post('/api/email/welcome', { config: limit }, async (request) => {
    const user = currentUser(request);
    if (!user.email) throw new HttpError(400, 'no_email', 'Your account has no e-mail address');
    if (!user.emailVerifiedAt) throw emailNotVerified();
    const origin = deps.site.linksOrNull();
    const message = welcomeMessage(toLanguage(user.languagePreference), signatureName(user), origin);
    try {
      return { id: await deps.mailer.send({ to: user.email, ...message }), delivery: deps.mailer.delivery };
    } catch (error) {
      request.log.error({ err: error }, 'welcome e-mail failed');
      throw new HttpError(502, 'email_failed', 'Failed to send test email');
    }
  });
}
