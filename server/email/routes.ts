import type { FastifyInstance } from 'fastify';
import { toLanguage } from '../../contract/languages.ts';
import { currentUser } from '../auth/authenticate.ts';
import { HttpError } from '../http/errors.ts';
import type { Mailer } from './mailer.ts';
import { welcomeMessage } from './welcome-message.ts';

/**
 * POST /api/email/welcome: a test welcome e-mail to the signed-in user's own address (spec 7.2).
 * The answer says how it went out, so the admin page can tell a sent message from one kept in the outbox.
 */
export async function emailRoutes(app: FastifyInstance, deps: { mailer: Mailer }) {
  app.post('/api/email/welcome', async (request) => {
    const user = currentUser(request);
    if (!user.email) throw new HttpError(400, 'no_email', 'Your account has no e-mail address');
    const message = welcomeMessage(toLanguage(user.languagePreference), user.authorName ?? user.firstName);
    try {
      return { id: await deps.mailer.send({ to: user.email, ...message }), delivery: deps.mailer.delivery };
    } catch (error) {
      request.log.error({ err: error }, 'welcome e-mail failed');
      throw new HttpError(502, 'email_failed', 'Failed to send test email');
    }
  });
}
