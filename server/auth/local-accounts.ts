import { hash, verify } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
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

/** Creates a user with an e-mail and a password that is hard to guess; the e-mail must be new. */
export async function signUpLocal(db: Database, input: SignUp): Promise<UserRow> {
  requireStrongPassword(input.password, [input.email, input.firstName, input.lastName ?? '']);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email))
      .limit(1);
    if (existing) throw new HttpError(409, 'email_taken', 'An account with this e-mail already exists', 'email');
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, firstName: input.firstName, lastName: input.lastName || null })
      .returning();
    await tx.insert(identities).values({ userId: user.id, provider: LOCAL, subject: input.email, passwordHash });
    return user;
  });
}

/** The user with this e-mail and password, or an invalid_credentials error. */
export async function signInLocal(db: Database, email: string, password: string): Promise<UserRow> {
  const [row] = await db
    .select({ user: users, passwordHash: identities.passwordHash })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, LOCAL), eq(identities.subject, email)))
    .limit(1);
  const valid = await verify(row?.passwordHash ?? (await decoyHash), password);
  if (!row || !valid) throw new HttpError(401, 'invalid_credentials', 'Invalid e-mail or password');
  return row.user;
}
