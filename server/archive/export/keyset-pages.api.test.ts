import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { stories, users } from '../../db/schema.ts';
import { keysetPages } from './keyset-pages.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('keysetPages', () => {
  it('every row of the account once, in creation order then id, across pages, with times a millisecond cannot tell apart', async () => {
    const db = database.db;
    const [owner, other] = await db.insert(users).values([{ email: 'a@example.com' }, { email: 'b@example.com' }]).returning();
    // Microseconds apart inside one millisecond, the same instant twice, and one older row made last.
    const times = ['2024-05-01 10:00:00.000100+00', '2024-05-01 10:00:00.000900+00', '2024-05-01 10:00:00.000500+00', '2024-05-01 10:00:00.000500+00', '2024-04-01 00:00:00+00'];
    const made: { id: number; at: string }[] = [];
    for (const at of times) {
      const [row] = await db.insert(stories).values({ userId: owner.id, title: at, createdAt: sql`${at}::timestamptz` as unknown as Date }).returning({ id: stories.id });
      made.push({ id: row.id, at });
      await db.insert(stories).values({ userId: other.id, title: 'not theirs' });
    }
    const expected = [...made].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id).map((row) => row.id);

    for (const pageSize of [1, 2, 3, 10]) {
      const seen: number[] = [];
      for await (const page of keysetPages(db, stories, owner.id, pageSize)) {
        expect(page.length).toBeLessThanOrEqual(pageSize);
        seen.push(...page.map((row) => row.id));
        if (seen.length > 2 * made.length) break; // a cursor that repeats rows would page forever
      }
      expect(seen, `pages of ${pageSize}`).toEqual(expected);
    }
  });
});
