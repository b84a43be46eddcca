import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { signatureName } from '../../contract/author-name.ts';
import { EMAIL_VERIFICATION_LINK_HOURS } from '../../contract/auth.ts';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../contract/languages.ts';
import type { Database } from '../db/client.ts';
import { emailVerificationTokens, users } from '../db/schema.ts';
import type { Mailer } from '../email/mailer.ts';
import { verificationMessage } from '../email/verification-message.ts';
import { HttpError } from '../http/errors.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import type { UserRow } from './sessions.ts';
import { newSecretToken, secretTokenHash } from '../http/secret-tokens.ts';

const LINK_LIFETIME_MS = EMAIL_VERIFICATION_LINK_HOURS * 60 * 60 * 1000;
/**
 * Links one account may be sent in an hour, whoever asks (a sign-up again with the address,
 * "Send the link again"): enough for a person; a stranger cannot fill someone's inbox.
 */
export const VERIFICATION_LINKS_PER_HOUR = 3;

const invalidLink = () =>
  new HttpError(400, 'verification_link_invalid', 'This link has expired or has already been used.');

/** The language an e-mail to this account is written in: its own choice, else the page's it was asked from. */
export const mailLanguage = (user: UserRow, pageLanguage?: Language): Language =>
  user.languagePreference ? toLanguage(user.languagePreference) : (pageLanguage ?? DEFAULT_LANGUAGE);

/**
 * A new one-time link token for this account, or null when its address is verified already
 * or it was sent its hourly share of links. Only the token's hash is stored.
 */
export async function createVerificationToken(db: Database, userId: string): Promise<string | null> {
  const token = newSecretToken();
  const created = await db.transaction(async (tx) => {
    // One at a time per account, so two requests cannot both read the count below as room for one more.
    const [user] = await tx.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.verifiedAt) return false;
    const now = Date.now();
    const [recent] = await tx
      .select({ links: count() })
      .from(emailVerificationTokens)
      .where(and(eq(emailVerificationTokens.userId, userId), gt(emailVerificationTokens.createdAt, new Date(now - 60 * 60 * 1000))));
    if (recent.links >= VERIFICATION_LINKS_PER_HOUR) return false;
    await tx.insert(emailVerificationTokens).values({ id: secretTokenHash(token), userId, expiresAt: new Date(now + LINK_LIFETIME_MS) });
    return true;
  });
  return created ? token : null;
}

export interface VerificationMailDeps {
  db: Database;
  mailer: Mailer;
  site: SiteOrigin;
}

/**
 * E-mails a verification link to the account's address, in its language. False when none
 * was sent: the address is verified already, or the hour's links are spent.
 */
export async function sendVerificationLink(
  { db, mailer, site }: VerificationMailDeps,
  user: UserRow,
  pageLanguage?: Language,
): Promise<boolean> {
  if (!user.email) return false;
  const origin = site.forLinks(); // before a token is made: a link nobody can open is not worth one
  const token = await createVerificationToken(db, user.id);
  if (!token) return false;
  const link = `${origin}/verify-email?token=${token}`;
  await mailer.send({ to: user.email, ...verificationMessage(mailLanguage(user, pageLanguage), signatureName(user), link) });
  return true;
}

const liveToken = (id: string) =>
  and(eq(emailVerificationTokens.id, id), isNull(emailVerificationTokens.usedAt), gt(emailVerificationTokens.expiresAt, new Date()));

/**
 * Verifies an address through a live link: the link and the account's other links are spent.
 * Returns the user; a link unknown, used or expired is a verification_link_invalid.
 */
export async function verifyEmail(db: Database, token: string): Promise<UserRow> {
  const id = secretTokenHash(token);
  return db.transaction(async (tx) => {
    // Spending the link is the guard: of two requests with the same link only one updates the row.
    const [spent] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: new Date() })
      .where(liveToken(id))
      .returning({ userId: emailVerificationTokens.userId });
    if (!spent) throw invalidLink();
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailVerificationTokens.userId, spent.userId), isNull(emailVerificationTokens.usedAt)));
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, spent.userId))
      .returning();
    return user;
  });
}

/** Marks the account's address as proven (a password reset through an e-mailed link, a provider that vouches for it). */
export async function markEmailVerified(db: Pick<Database, 'update'>, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}
