import { eq, sql } from 'drizzle-orm';
import { LOCAL } from '../auth/local-accounts.ts';
import type { SessionStore } from '../auth/sessions.ts';
import type { Database } from '../db/client.ts';
import { coAuthorTokens, emailVerificationTokens, identities, passwordResetTokens, publishedStories, sessions, users } from '../db/schema.ts';
import type { Queue } from '../jobs/queue.ts';
import { sendJob } from '../jobs/send-job.ts';
import { deleteAccountJob } from './delete-account-job.ts';

/**
 * What ends at once, in one transaction, when a person deletes their account: the account
 * is marked (every read treats it as gone), its sessions, sign-in identities and e-mailed
 * links end (nobody can use it any more), its address is freed (it may sign up again, as a
 * new account), its public pages answer 404 (the retired_slugs trigger keeps their slugs
 * held), its co-author links answer the invalid-link view, and the delete-account job that
 * removes the rest is queued. The job exists exactly when all of this committed.
 */
export async function startDeletion(deps: { db: Database; queue: Queue; sessions: SessionStore }, userId: string): Promise<void> {
  deps.sessions.forgetUser(userId);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ deletionStartedAt: new Date(), email: null, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // The per-account count of password tries is keyed by the sign-in address (http/rate-limit/account-sign-ins.ts).
    await tx.execute(sql`
      DELETE FROM rate_limit_counters WHERE key IN (
        SELECT 'sign-in account:' || subject FROM identities WHERE user_id = ${userId} AND provider = ${LOCAL})`);
    await tx.delete(identities).where(eq(identities.userId, userId));
    // E-mailed links (a password reset, an address to verify) open nothing from now on.
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    await tx.delete(publishedStories).where(eq(publishedStories.userId, userId));
    await tx.delete(coAuthorTokens).where(eq(coAuthorTokens.userId, userId));
    await sendJob(deps.queue, deleteAccountJob, { userId }, { within: tx });
  });
  // Again once committed: a request that read a session meanwhile must not keep it.
  deps.sessions.forgetUser(userId);
}
