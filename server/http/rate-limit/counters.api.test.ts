import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { rateLimitCounters } from './counters.ts';
import { until } from '../../../test/support/wait-for.ts';

const POLL_TIMEOUT_MS = 5_000;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

const rows = async (key: string) =>
  ((await database.db.execute(sql`SELECT hits FROM rate_limit_counters WHERE key = ${key}`)) as unknown as { rows: unknown[] }).rows.length;

/** Hits `key` until its window has started over (hits back to 1); fails after the timeout. */
async function hitUntilNewWindow(counters: ReturnType<typeof rateLimitCounters>, key: string, windowMs: number) {
  await until(async () => (await counters.hit(key, windowMs)).hits === 1, POLL_TIMEOUT_MS, `a new window for ${key}`);
}

describe('the shared rate-limit counters', () => {
  it('count hits of one key within its window, whoever counts them, and tell how long is left', async () => {
    const [one, other] = [rateLimitCounters(database.db), rateLimitCounters(database.db)];
    expect(await one.hit('test:a', 60_000)).toMatchObject({ hits: 1 });
    expect(await other.hit('test:a', 60_000)).toMatchObject({ hits: 2 });
    const third = await one.hit('test:a', 60_000);
    expect(third.hits).toBe(3);
    expect(third.ttlMs).toBeGreaterThan(0);
    expect(third.ttlMs).toBeLessThanOrEqual(60_000);
    expect(await one.hit('test:b', 60_000)).toMatchObject({ hits: 1 });
  });

  it('start over once the window has passed, and sweep the counters that have', async () => {
    const counters = rateLimitCounters(database.db);
    await counters.hit('test:short', 50);
    await counters.hit('test:long', 60_000);
    await hitUntilNewWindow(counters, 'test:short', 50);
    // The window that just started over must end before the sweep can take it.
    await hitUntilNewWindow(counters, 'test:short', 1);
    const deadline = Date.now() + POLL_TIMEOUT_MS;
    while ((await rows('test:short')) > 0) {
      if (Date.now() > deadline) throw new Error('the expired counter was never swept');
      await counters.sweep();
    }
    expect(await rows('test:long')).toBe(1);
  });
});
