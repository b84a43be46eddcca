import { and, eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../contract/auth.ts';
import { toLanguage } from '../../contract/languages.ts';
import type { Database } from '../db/client.ts';
import { identities, users } from '../db/schema.ts';
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
 */
export async function findOrCreateExternalUser(db: Database, profile: ExternalProfile): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(identities)
      .innerJoin(users, eq(users.id, identities.userId))
      .where(and(eq(identities.provider, profile.provider), eq(identities.subject, profile.subject)))
      .limit(1);
    if (linked) return linked.user;

    let user: UserRow | undefined;
    if (profile.email && profile.emailVerified) {
      [user] = await tx.select().from(users).where(eq(sql`lower(${users.email})`, profile.email.toLowerCase())).limit(1);
    }
    if (!user) {
      [user] = await tx
        .insert(users)
        .values({
          email: profile.email?.toLowerCase() ?? null,
          firstName: profile.firstName ?? null,
          lastName: profile.lastName ?? null,
          profileImageUrl: profile.pictureUrl ?? null,
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
