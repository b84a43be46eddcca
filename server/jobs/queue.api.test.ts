import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/database.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { ensureJobQueue, POLLING_INTERVAL_SECONDS, type Queue, startQueue } from './queue.ts';

let database: DatabaseHandle;
let queue: Queue;
const queueErrors: unknown[] = [];
beforeAll(async () => {
  database = await freshDatabase();
  queue = await startQueue(database, { error: (error) => queueErrors.push(error) });
});
afterEach(() => {
  expect(queueErrors).toEqual([]);
});
afterAll(async () => {
  await queue?.stop({ graceful: false, wait: true });
  await database?.close();
});

it('runs a job sent to the queue in the same database', async () => {
  await queue.createQueue('echo');
  const received = new Promise<unknown>((resolve) => {
    void queue.work('echo', { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, async ([job]) => resolve(job.data));
  });
  await queue.send('echo', { recordingId: 7 });
  expect(await received).toEqual({ recordingId: 7 });
});

it('keeps a job that failed for another try', async () => {
  await queue.createQueue('flaky', { name: 'flaky', retryLimit: 2, retryDelay: 0 });
  let attempts = 0;
  const succeeded = new Promise<number>((resolve) => {
    void queue.work('flaky', { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('first try fails');
      resolve(attempts);
    });
  });
  await queue.send('flaky', {});
  expect(await succeeded).toBe(2);
});

it('brings a job queue made earlier up to date when its settings changed, as known at start', async () => {
  await ensureJobQueue(queue, { name: 'settled', expireInSeconds: 60 });
  await ensureJobQueue(queue, { name: 'settled', expireInSeconds: 120 }, await queue.getQueues());
  expect(await queue.getQueue('settled')).toMatchObject({ policy: 'short', retryLimit: 0, expireInSeconds: 120 });
});
