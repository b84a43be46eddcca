import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/database.ts';
import { seeder } from '../../test/support/seed.ts';
import { createJobQueues } from '../background/queues.ts';
import { queueUnfinishedWork } from '../background/recovery.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { people, places, users } from '../db/schema.ts';
import { takeLease } from '../jobs/leases.ts';
import { type Queue, startQueue } from '../jobs/queue.ts';
import type { JobContext } from '../jobs/context.ts';
import { refreshInfoJob } from './refresh-info-job.ts';

// A refresh cut off by a crash (still marked refreshing, its job gone) is queued again by
// the recovery pass; one that waits or runs is left alone. No worker runs here.
let database: DatabaseHandle;
let queue: Queue;
const queueErrors: unknown[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  queue = await startQueue(database, { error: (error) => queueErrors.push(error) });
  await createJobQueues(queue);
});
afterEach(() => {
  expect(queueErrors).toEqual([]);
});
afterAll(async () => {
  await queue?.stop({ graceful: false, wait: true });
  await database?.close();
});

it('queues again a refresh no job holds, once, and leaves a running one alone', async () => {
  const db = database.db;
  const [user] = await db.insert(users).values({ email: `${randomUUID()}@example.com` }).returning();
  const seed = seeder(db);
  const cutOff = await seed.person(user.id, 'Anna');
  const running = await seed.place(user.id, 'Tampere');
  await seed.person(user.id, 'Not asked for');
  await db.update(people).set({ enrichmentRefreshing: true }).where(eq(people.id, cutOff.id));
  await db.update(places).set({ enrichmentRefreshing: true }).where(eq(places.id, running.id));
  expect(await takeLease(db, refreshInfoJob.entityOf({ kind: 'place', id: running.id }), 'a live job')).toBe(true);

  const ctx = { db, queue } as unknown as JobContext;
  expect(await queueUnfinishedWork(ctx, [refreshInfoJob])).toEqual({ [refreshInfoJob.name]: 1 });
  // Its job waits now: the next pass sends nothing more.
  expect(await queueUnfinishedWork(ctx, [refreshInfoJob])).toEqual({});
  const [job] = await queue.fetch<{ kind: string; id: number }>(refreshInfoJob.name);
  expect(job.data).toMatchObject({ kind: 'person', id: cutOff.id });
});
