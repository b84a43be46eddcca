import { and, eq, inArray } from 'drizzle-orm';
import { type AccountDeletionBody, type AccountDeletionCheck, deletionWordMatches, FRESH_SIGN_IN_MINUTES } from '../../contract/archive.ts';
import { localIdentityOf, passwordMatches } from '../auth/local-accounts.ts';
import type { SessionRow, UserRow } from '../auth/sessions.ts';
import type { Database } from '../db/client.ts';
import { identities } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

/** Counts one password try on the account (the sign-in's own per-account count); a 429 past the limit. */
export type PasswordTry = (signInSubject: string) => Promise<void>;

/**
 * The person really means it, and really is the account's owner: the typed word of their
 * interface language, then the password for an account that has one (tries counted with the
 * sign-in's, so deletion gives no second way to guess it), or for an account that signs in
 * only through a provider, a session started less than FRESH_SIGN_IN_MINUTES ago (someone
 * at a device left signed in cannot delete the account).
 */
export async function confirmDeletion(
  deps: { db: Database; countTry: PasswordTry },
  user: UserRow,
  session: SessionRow | undefined,
  body: AccountDeletionBody,
): Promise<void> {
  if (!deletionWordMatches(body.language, body.confirmation)) {
    throw new HttpError(400, 'deletion_word_mismatch', 'Type the word shown to confirm the deletion', 'confirmation');
  }
  const local = await localIdentityOf(deps.db, user.id);
  if (local) {
    if (!body.password) throw new HttpError(400, 'password_required', 'Enter your password to delete the account', 'password');
    await deps.countTry(local.subject);
    if (!(await passwordMatches(local.passwordHash, body.password))) {
      throw new HttpError(403, 'wrong_password', 'The password is not right', 'password');
    }
    return;
  }
  if (!signedInRecently(session)) throw new HttpError(403, 'sign_in_again', 'Sign in again to confirm the deletion');
}

/** The session began less than FRESH_SIGN_IN_MINUTES ago. */
const signedInRecently = (session: SessionRow | undefined) =>
  session !== undefined && session.createdAt.getTime() >= Date.now() - FRESH_SIGN_IN_MINUTES * 60_000;

/** What the deletion screen asks for (GET /api/account/deletion): the password, or a sign-in through the account's provider. */
export async function deletionCheck(db: Database, user: UserRow, session: SessionRow | undefined): Promise<AccountDeletionCheck> {
  const recently = signedInRecently(session);
  if (await localIdentityOf(db, user.id)) return { confirmWith: 'password', provider: null, signedInRecently: recently };
  const [external] = await db
    .select({ provider: identities.provider })
    .from(identities)
    .where(and(eq(identities.userId, user.id), inArray(identities.provider, ['google', 'oidc'])))
    .limit(1);
  return { confirmWith: 'signIn', provider: (external?.provider as 'google' | 'oidc' | undefined) ?? null, signedInRecently: recently };
}
