import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobLeases } from '../db/schema.ts';

/** How long a lease lasts unless renewed; a running job renews it every third of this. */
export const LEASE_MS = 15_000;

// The database's clock decides, so workers on several machines agree.
const expiresIn = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/** Takes the lease on `key` for `holder`, unless someone else holds it and has renewed it in time. */
export async function takeLease(db: Database, key: string, holder: string, ms = LEASE_MS): Promise<boolean> {
  const taken = await db
    .insert(jobLeases)
    .values({ key, holder, expiresAt: expiresIn(ms) })
    .onConflictDoUpdate({
      target: jobLeases.key,
      set: { holder, expiresAt: expiresIn(ms) },
      setWhere: or(lt(jobLeases.expiresAt, sql`now()`), eq(jobLeases.holder, holder)),
    })
    .returning({ key: jobLeases.key });
  return taken.length === 1;
}

/** Keeps a held lease alive. */
export async function renewLease(db: Database, key: string, holder: string, ms = LEASE_MS): Promise<void> {
  await db.update(jobLeases).set({ expiresAt: expiresIn(ms) }).where(and(eq(jobLeases.key, key), eq(jobLeases.holder, holder)));
}

/** Gives a lease up (only its holder can). */
export async function releaseLease(db: Database, key: string, holder: string): Promise<void> {
  await db.delete(jobLeases).where(and(eq(jobLeases.key, key), eq(jobLeases.holder, holder)));
}

/** The keys among `keys` that a live job holds now. */
export async function heldLeases(db: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: jobLeases.key })
    .from(jobLeases)
    .where(and(inArray(jobLeases.key, keys), gt(jobLeases.expiresAt, sql`now()`)));
  return new Set(rows.map((r) => r.key));
}

/** Forgets every lease: for a process that is the only worker, at start, when any lease left is a dead one's. */
export async function releaseAllLeases(db: Database): Promise<void> {
  await db.delete(jobLeases);
}
