import { eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { retiredSlugs, users } from '../db/schema.ts';
import type { BlobStore } from '../storage/index.ts';

/** How many keys are listed before they are deleted and the listing starts over (a listing never runs under its own deletions). */
const BLOBS_PER_ROUND = 500;

/** The one folder of blob storage that holds everything of a person (recordings, narrations, exports, imports). */
export const userBlobPrefix = (userId: string) => `users/${userId}/`;

/**
 * Deletes every blob under the person's folder, a page of keys at a time; returns how many
 * went. Deleting a key that is already gone is no error, so a second run only finishes the first.
 */
export async function deleteUserBlobs(store: BlobStore, userId: string, signal?: AbortSignal): Promise<number> {
  let deleted = 0;
  for (;;) {
    signal?.throwIfAborted();
    const keys: string[] = [];
    for await (const blob of store.list(userBlobPrefix(userId))) {
      keys.push(blob.key);
      if (keys.length >= BLOBS_PER_ROUND) break;
    }
    if (keys.length === 0) return deleted;
    for (const key of keys) await store.delete(key);
    deleted += keys.length;
  }
}

/**
 * The rate limits' counter rows of the person: every key that names their id (`user:{id}`,
 * `uploads:user:{id}`, `sign-up-notice:{id}`...). The per-account sign-in count, keyed by the
 * address, was cleared when the deletion started.
 */
export async function deleteUserCounters(db: Database, userId: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_counters WHERE strpos(key, ${userId}) > 0`);
}

/**
 * The account's row, and with it every row that names it (the foreign keys cascade), and
 * the slugs its pages gave up stay held for no one: one transaction, so a crash leaves
 * either both or neither.
 */
export async function deleteUserRow(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, userId));
    await tx.update(retiredSlugs).set({ userId: null }).where(eq(retiredSlugs.userId, userId));
  });
}

/** Accounts whose deletion started and has not finished (a crash, a failed step). */
export async function deletionsUnderWay(db: Database, limit: number): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(isNotNull(users.deletionStartedAt)).orderBy(users.deletionStartedAt).limit(limit);
  return rows.map((row) => row.id);
}
