import type { Database } from '../../db/client.ts';
import { rateLimitCounters } from '../../http/rate-limit/counters.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * One more family e-mail on a storyteller's account this hour (FAMILY_EMAILS_PER_HOUR, counted
 * in the database so every worker counts the same): null when it may go, else how long to wait.
 */
export async function familyMailWait(db: Database, ownerId: string, perHour: number): Promise<number | null> {
  const { hits, ttlMs } = await rateLimitCounters(db).hit(`family-mail:${ownerId}`, HOUR_MS);
  return hits <= perHour ? null : Math.max(ttlMs, 1000);
}
