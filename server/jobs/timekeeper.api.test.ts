import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/database.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { ensureJobQueue, type Queue, startQueue } from './queue.ts';
import { startTimekeeper } from './timekeeper.ts';

// pg-boss's own scheduler on the app's database: two processes keeping time send a due job once.
let database: DatabaseHandle;
let queue: Queue;
const errors: unknown[] = [];
beforeAll(async () => {
  database = await freshDatabase();
  queue = await startQueue(database, { error: (error) => errors.push(error) });
});
afterAll(async () => {
  await queue?.stop({ graceful: false, wait: true });
  await database?.close();
});

it('keeps the schedule in the database and sends its job once, though two timekeepers run', async () => {
  await ensureJobQueue(queue, { name: 'every-minute', expireInSeconds: 60 });
  const schedules = [{ name: 'every-minute', cron: '* * * * *' }];
  // Every minute's job is due at once (its minute has begun); both look for it every second.
  const [a, b] = await Promise.all([startTimekeeper(queue, schedules, { error: (e) => errors.push(e) }, 1), startTimekeeper(queue, schedules, { error: (e) => errors.push(e) }, 1)]);
  try {
    expect((await queue.getSchedules()).map((s) => [s.name, s.cron, (s as { timezone?: string }).timezone])).toEqual([['every-minute', '* * * * *', 'UTC']]);
    const sent = await waitFor(() => queue.getQueueSize('every-minute'), (size) => size > 0, 15_000, 'the scheduled job sent');
    expect(sent).toBe(1);
    // Both have looked again since (every second): still the one job.
    await waitFor(async () => (await queue.getQueueSize('__pgboss__send-it', { before: 'completed' })) === 0, (done) => done, 15_000, 'the timekeepers idle');
    expect(await queue.getQueueSize('every-minute')).toBe(1);
  } finally {
    await a.stop();
    await b.stop();
  }
  expect(errors).toEqual([]);
});
