import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { signatureName } from '../../contract/author-name.ts';
import { PASSWORD_RESET_LINK_HOURS } from '../../contract/auth.ts';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../contract/languages.ts';
import type { Database } from '../db/client.ts';
import { identities, passwordResetTokens, sessions, users } from '../db/schema.ts';
import type { Mailer } from '../email/mailer.ts';
import { passwordResetMessage } from '../email/password-reset-message.ts';
import { HttpError } from '../http/errors.ts';
import { markEmailVerified } from './email-verification.ts';
import { hashPassword, LOCAL } from './local-accounts.ts';
import { requireStrongPassword } from './password-strength.ts';
import type { UserRow } from './sessions.ts';
import { newSecretToken, secretTokenHash } from '../http/secret-tokens.ts';

const LINK_LIFETIME_MS = PASSWORD_RESET_LINK_HOURS * 60 * 60 * 1000;
// Enough for a person who asks again; a stranger cannot fill someone's inbox with them.
const LINKS_PER_HOUR = 5;

const invalidLink = () =>
  new HttpError(400, 'reset_link_invalid', 'This password reset link has expired or has already been used. Ask for a new one.');

/**
 * A new one-time link token for the local account with this e-mail, or null when there is
 * no such account (or it asked for too many links this hour). Only the token's hash is stored.
 */
export async function createResetToken(db: Database, email: string): Promise<{ token: string; user: UserRow } | null> {
  const [row] = await db
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, LOCAL), eq(identities.subject, email)))
    .limit(1);
  if (!row) return null;
  const user = row.user;
  const token = newSecretToken();
  const created = await db.transaction(async (tx) => {
    // One request at a time per account (they are sent in the background, side by side), so
    // the count below cannot be read twice before either link is stored.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const now = Date.now();
    const [recent] = await tx
      .select({ links: count() })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, new Date(now - 60 * 60 * 1000))));
    if (recent.links >= LINKS_PER_HOUR) return false;
    await tx.insert(passwordResetTokens).values({ id: secretTokenHash(token), userId: user.id, expiresAt: new Date(now + LINK_LIFETIME_MS) });
    return true;
  });
  if (!created) return null;
  return { token, user };
}

export interface ResetLinkRequest {
  email: string;
  /** The language of the page the person asked on, for an account without a preference. */
  pageLanguage?: Language;
  /** Where the app is served: the link opens its /reset-password page. */
  baseUrl: string;
}

/** E-mails a one-time link to the local account with this address, in its language; nothing when there is none. */
export async function sendResetLink(db: Database, mailer: Mailer, request: ResetLinkRequest): Promise<void> {
  const created = await createResetToken(db, request.email);
  if (!created) return;
  const { token, user } = created;
  const language = user.languagePreference ? toLanguage(user.languagePreference) : (request.pageLanguage ?? DEFAULT_LANGUAGE);
  const link = `${request.baseUrl}/reset-password?token=${token}`;
  await mailer.send({ to: request.email, ...passwordResetMessage(language, signatureName(user), link) });
}

const liveToken = (id: string) =>
  and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date()));

/** Whether a link can still be used (opening the page asks), else the same words as a refused reset, as a 410. */
export async function requireLiveResetLink(db: Database, token: string): Promise<void> {
  const [row] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(liveToken(secretTokenHash(token))).limit(1);
  if (!row) throw new HttpError(410, invalidLink().code, invalidLink().message);
}

/**
 * Sets a new password through a live link: the link is spent, the account's other links
 * too, and every session of the account ends (one stolen with the old password among them).
 * Returns the user; a link that is unknown, used or expired is a reset_link_invalid.
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<UserRow> {
  const id = secretTokenHash(token);
  const [row] = await db
    .select({ user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(liveToken(id))
    .limit(1);
  if (!row) throw invalidLink();
  const { user } = row;
  requireStrongPassword(password, [user.email ?? '', user.firstName ?? '', user.lastName ?? '']);
  const passwordHash = await hashPassword(password);

  return db.transaction(async (tx) => {
    // Spending the link is the guard: of two requests with the same link only one updates the row.
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(liveToken(id))
      .returning({ id: passwordResetTokens.id });
    if (spent.length === 0) throw invalidLink();
    const changed = await tx
      .update(identities)
      .set({ passwordHash })
      .where(and(eq(identities.userId, user.id), eq(identities.provider, LOCAL)))
      .returning({ id: identities.id });
    if (changed.length === 0) throw invalidLink();
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    // The link came by e-mail: opening it proved the address (decision 027).
    await markEmailVerified(tx, user.id);
    const [fresh] = await tx.select().from(users).where(eq(users.id, user.id));
    return fresh;
  });
}
