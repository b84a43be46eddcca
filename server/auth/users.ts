import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../contract/auth.ts';
import { toLanguage } from '../../contract/languages.ts';
import type { Database } from '../db/client.ts';
import { identities, sessions, users } from '../db/schema.ts';
import { LOCAL } from './local-accounts.ts';
import type { UserRow } from './sessions.ts';

/** The user as the API presents it (GET /api/auth/user). */
export function presentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    authorName: user.authorName,
    languagePreference: user.languagePreference ? toLanguage(user.languagePreference) : null,
    profileImageUrl: user.profileImageUrl,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

export interface ExternalProfile {
  provider: string;
  subject: string;
  email?: string;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  pictureUrl?: string;
}

/**
 * The user behind a provider identity, created on first sign-in. A verified e-mail that
 * already belongs to a user joins that account, so Google and another provider can meet.
 * The provider's word that the address is verified makes the account's address verified.
 */
export async function findOrCreateExternalUser(db: Database, profile: ExternalProfile): Promise<UserRow> {
  const vouchedEmail = profile.email && profile.emailVerified ? profile.email.toLowerCase() : null;
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(identities)
      .innerJoin(users, eq(users.id, identities.userId))
      .where(and(eq(identities.provider, profile.provider), eq(identities.subject, profile.subject), isNull(users.deletionStartedAt)))
      .limit(1);
    if (linked) {
      if (linked.user.emailVerifiedAt || !vouchedEmail || linked.user.email?.toLowerCase() !== vouchedEmail) return linked.user;
      const [verified] = await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, linked.user.id)).returning();
      return verified;
    }

    let user: UserRow | undefined;
    if (vouchedEmail) {
      [user] = await tx
        .select()
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, vouchedEmail), isNull(users.deletionStartedAt)))
        .limit(1);
      if (user && !user.emailVerifiedAt) {
        // Nobody proved this address before: whoever signed up with it chose its password and may
        // be signed in. The address's proven owner joins it alone (a password comes back by reset).
        await tx.delete(identities).where(and(eq(identities.userId, user.id), eq(identities.provider, LOCAL)));
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        [user] = await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id)).returning();
      }
    }
    if (!user) {
      [user] = await tx
        .insert(users)
        .values({
          email: profile.email?.toLowerCase() ?? null,
          firstName: profile.firstName ?? null,
          lastName: profile.lastName ?? null,
          profileImageUrl: profile.pictureUrl ?? null,
          emailVerifiedAt: vouchedEmail ? new Date() : null,
        })
        .returning();
    }
    await tx.insert(identities).values({ userId: user.id, provider: profile.provider, subject: profile.subject });
    return user;
  });
}

export async function updateUser(
  db: Database,
  userId: string,
  changes: Partial<Pick<UserRow, 'languagePreference' | 'authorName'>>,
): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return user;
}
