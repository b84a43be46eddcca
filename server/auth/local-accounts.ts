import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { identities, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { requireStrongPassword } from './password-strength.ts';
import type { UserRow } from './sessions.ts';

/** The provider of an identity that signs in with Saaga's own password. */
export const LOCAL = 'local';

// argon2id (the library's default algorithm) at OWASP's baseline: 19 MiB, 2 passes, 1 lane.
const HASH_OPTIONS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

/** The stored form of a new password: argon2id with the settings above. */
export const hashPassword = (password: string): Promise<string> => hash(password, HASH_OPTIONS);

// Verified against when the e-mail is unknown, so a wrong address costs as long as a wrong password.
const decoyHash = hash('decoy password that matches nothing', HASH_OPTIONS);

export interface SignUp {
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
}

/** What a sign-up did: made a new account, or found the address taken (the caller must not tell the two apart). */
export type SignUpOutcome = { created: true; user: UserRow } | { created: false; user: UserRow };

/**
 * Creates a user with an e-mail and a password that is hard to guess, its address not yet
 * verified; an address that has an account already is left as it is. The password is
 * hashed either way, so the two take about as long.
 */
export async function signUpLocal(db: Database, input: SignUp): Promise<SignUpOutcome> {
  requireStrongPassword(input.password, [input.email, input.firstName, input.lastName ?? '']);
  const passwordHash = await hashPassword(input.password);
  const existingUser = () =>
    db.select().from(users).where(eq(sql`lower(${users.email})`, input.email)).limit(1).then(([user]) => user);
  const before = await existingUser();
  if (before) return { created: false, user: before };
  const user = await db.transaction(async (tx) => {
    // Two sign-ups with one new address at once: the unique address index lets one in.
    const [inserted] = await tx
      .insert(users)
      .values({ email: input.email, firstName: input.firstName, lastName: input.lastName || null })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return undefined;
    await tx.insert(identities).values({ userId: inserted.id, provider: LOCAL, subject: input.email, passwordHash });
    return inserted;
  });
  return user ? { created: true, user } : { created: false, user: await existingUser() };
}

/** The user with this e-mail and password, or an invalid_credentials error. */
export async function signInLocal(db: Database, email: string, password: string): Promise<UserRow> {
  const [row] = await db
    .select({ user: users, passwordHash: identities.passwordHash })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    // An account being deleted is gone (server/account-deletion): the usual answer, as for an unknown address.
    .where(and(eq(identities.provider, LOCAL), eq(identities.subject, email), isNull(users.deletionStartedAt)))
    .limit(1);
  const valid = await verify(row?.passwordHash ?? (await decoyHash), password);
  if (!row || !valid) throw new HttpError(401, 'invalid_credentials', 'Invalid e-mail or password');
  return row.user;
}

/** The account's own password sign-in (its subject is the address it signs in with), if it has one. */
export async function localIdentityOf(db: Database, userId: string): Promise<{ subject: string; passwordHash: string } | undefined> {
  const [row] = await db
    .select({ subject: identities.subject, passwordHash: identities.passwordHash })
    .from(identities)
    .where(and(eq(identities.userId, userId), eq(identities.provider, LOCAL)))
    .limit(1);
  return row?.passwordHash ? { subject: row.subject, passwordHash: row.passwordHash } : undefined;
}

/** Whether `password` is the one stored as `passwordHash` (argon2id, as at sign-in). */
export const passwordMatches = (passwordHash: string, password: string): Promise<boolean> => verify(passwordHash, password);
