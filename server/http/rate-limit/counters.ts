import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** How often, at most, one server deletes the counters whose window has passed. */
const SWEEP_EVERY_MS = 60_000;

export interface Hit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Until the window ends. */
  ttlMs: number;
}

/**
 * Fixed-window request counters in the database, so that every API server counts the same
 * hits: one upsert per hit, timed by the database's clock (servers' clocks may differ).
 */
export function rateLimitCounters(db: Database) {
  let lastSweep = 0;

  async function sweep(): Promise<void> {
    lastSweep = Date.now();
    await db.execute(sql`DELETE FROM rate_limit_counters WHERE resets_at <= now()`);
  }

  return {
    sweep,

    async hit(key: string, windowMs: number): Promise<Hit> {
      if (Date.now() - lastSweep >= SWEEP_EVERY_MS) await sweep();
      const result = (await db.execute(sql`
        INSERT INTO rate_limit_counters AS c (key, hits, resets_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${windowMs}::float8 / 1000))
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN c.resets_at <= now() THEN 1 ELSE c.hits + 1 END,
          resets_at = CASE WHEN c.resets_at <= now() THEN excluded.resets_at ELSE c.resets_at END
        RETURNING hits, (extract(epoch FROM resets_at - now()) * 1000)::float8 AS ttl_ms
      `)) as unknown as { rows: Array<{ hits: number; ttl_ms: number }> };
      const [row] = result.rows;
      return { hits: Number(row.hits), ttlMs: Math.max(0, Math.round(Number(row.ttl_ms))) };
    },

    /** Starts the key's count over (a reset password clears its account's failed sign-ins). */
    async clear(key: string): Promise<void> {
      await db.execute(sql`DELETE FROM rate_limit_counters WHERE key = ${key}`);
    },
  };
}

export type RateLimitCounters = ReturnType<typeof rateLimitCounters>;
