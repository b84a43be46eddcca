import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/database.ts';
import { seeder } from '../../test/support/seed.ts';
import { createJobQueues } from '../background/queues.ts';
import { queueUnfinishedWork } from '../background/recovery.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { takeLease } from '../jobs/leases.ts';
import { type Queue, startQueue } from '../jobs/queue.ts';
import type { JobContext } from '../jobs/context.ts';
import { writeAutobiographyJob } from './write-autobiography-job.ts';

// A book cut off by a crash (still processing, its job gone) is queued again by the
// recovery pass; one whose job runs, and finished or failed ones, are left alone. No worker runs here.
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

it('queues again a book being written that no job holds, once, and leaves the others alone', async () => {
  const db = database.db;
  const [user] = await db.insert(users).values({ email: `${randomUUID()}@example.com` }).returning();
  const seed = seeder(db);
  const half = [{ title: 'One', storyIds: [1], content: 'Written.', removed: [] }, { title: 'Two', storyIds: [2], content: null, removed: [] }];
  const cutOff = await seed.autobiography(user.id, 'Cut off', { processingStatus: 'processing', chapters: half });
  const running = await seed.autobiography(user.id, 'Running', { processingStatus: 'processing', chapters: half });
  await seed.autobiography(user.id, 'Done', { processingStatus: 'generated' });
  await seed.autobiography(user.id, 'Failed', { processingStatus: 'failed', error: 'quota_exceeded' });
  expect(await takeLease(db, writeAutobiographyJob.entityOf({ id: running.id }), 'a live job')).toBe(true);

  const ctx = { db, queue } as unknown as JobContext;
  expect(await queueUnfinishedWork(ctx, [writeAutobiographyJob])).toEqual({ [writeAutobiographyJob.name]: 1 });
  // Its job waits now: the next pass sends nothing more.
  expect(await queueUnfinishedWork(ctx, [writeAutobiographyJob])).toEqual({});
  const [job] = await queue.fetch<{ id: number }>(writeAutobiographyJob.name);
  expect(job.data).toMatchObject({ id: cutOff.id });
});
