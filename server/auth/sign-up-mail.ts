import { signatureName } from '../../contract/author-name.ts';
import type { Language } from '../../contract/languages.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../email/mailer.ts';
import { signUpAttemptMessage } from '../email/sign-up-attempt-message.ts';
import type { RateLimitCounters } from '../http/rate-limit/counters.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import { mailLanguage, sendVerificationLink } from './email-verification.ts';
import type { SignUpOutcome } from './local-accounts.ts';

/** "Someone tried to sign up with your address" e-mails one account may get in an hour, however often it is tried. */
export const SIGN_UP_NOTICES_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

export interface SignUpMailDeps {
  db: Database;
  mailer: Mailer;
  site: SiteOrigin;
  counters: RateLimitCounters;
}

/**
 * The one e-mail a sign-up sends, after its answer went out (the answer is the same either
 * way): a new account, or one whose address nobody has proven yet, is sent the link that
 * verifies it (nothing else goes to an unverified address); a verified account hears that
 * someone tried to sign up with its address.
 */
export async function mailAfterSignUp(deps: SignUpMailDeps, outcome: SignUpOutcome, pageLanguage?: Language): Promise<void> {
  const { user } = outcome;
  if (!user.email) return;
  if (outcome.created || !user.emailVerifiedAt) {
    await sendVerificationLink(deps, user, pageLanguage);
    return;
  }
  const { hits } = await deps.counters.hit(`sign-up-notice:${user.id}`, HOUR_MS);
  if (hits > SIGN_UP_NOTICES_PER_HOUR) return;
  const origin = deps.site.linksOrNull();
  await deps.mailer.send({ to: user.email, ...signUpAttemptMessage(mailLanguage(user, pageLanguage), signatureName(user), origin) });
}
