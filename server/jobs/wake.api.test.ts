import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { freshDatabase } from '../../test/support/database.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { defineJob } from './job.ts';
import { ensureJobQueue, type Queue, startQueue } from './queue.ts';
import { type JobLog, type JobRunner, startJobRunner } from './runner.ts';
import { sendJob } from './send-job.ts';

// A sent job wakes an idle worker: the runners here poll once a minute, so a job that
// starts within the bounded wait below was started by its wake-up, not by the poll.
const POLL_MS = 60_000;
const WAIT_MS = 10_000;

let database: DatabaseHandle;
let queue: Queue;
const runners: JobRunner[] = [];
const extraQueues: Queue[] = [];
const extraDatabases: DatabaseHandle[] = [];
const problems: unknown[] = [];
const log: JobLog = { info: () => {}, warn: (obj, msg) => problems.push([msg, obj]), error: (obj, msg) => problems.push([msg, obj]) };

beforeAll(async () => {
  database = await freshDatabase();
  queue = await startQueue(database, { error: (error) => problems.push(error) });
});
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  for (const q of extraQueues.splice(0)) await q.stop({ graceful: false, wait: true });
  for (const handle of extraDatabases.splice(0)) await handle.close();
  expect(problems).toEqual([]);
});
afterAll(async () => {
  await queue?.stop({ graceful: false, wait: true });
  await database?.close();
});

/** A job whose every run resolves the next promise from `ran()`. */
async function echoJob(name: string) {
  const seen: number[] = [];
  const waiting: ((n: number) => void)[] = [];
  const job = defineJob<{ db: DatabaseHandle['db'] }, { n: number }>({
    name,
    payload: z.object({ n: z.number() }),
    retry: { retries: 0, baseDelayMs: 1000, maxDelayMs: 1000 },
    expireInSeconds: 60,
    entityOf: ({ n }) => `${name}:${n}`,
    ownerOf: async () => undefined,
    async run(_ctx, { n }) {
      seen.push(n);
      waiting.shift()?.(n);
    },
    async onFailure() {},
  });
  await ensureJobQueue(queue, job);
  const ran = () =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not run within ${WAIT_MS} ms (ran: ${seen.join(', ')})`)), WAIT_MS);
      waiting.push((n) => {
        clearTimeout(timer);
        resolve(n);
      });
    });
  return { job, ran, seen };
}

/** A runner on `on` (default: the shared queue) that polls once a minute, once it sleeps and listens. */
async function idleRunner(jobs: Parameters<typeof startJobRunner>[2], on: { queue: Queue; db: DatabaseHandle['db'] } = { queue, db: database.db }) {
  const runner = startJobRunner(on.queue, { db: on.db }, jobs, { concurrency: 1, pollIntervalMs: POLL_MS, log });
  runners.push(runner);
  await runner.listening;
  await waitFor(async () => runner.idleWorkers(), (idle) => idle === 1, WAIT_MS);
  return runner;
}

it('starts a sent job at once, without waiting for the poll', async () => {
  const { job, ran } = await echoJob('wake-now');
  await idleRunner([job]);
  const first = ran();
  await sendJob(queue, job, { n: 1 });
  expect(await first).toBe(1);
  // And again once the worker is asleep after it.
  const second = ran();
  await sendJob(queue, job, { n: 2 });
  expect(await second).toBe(2);
});

it('starts a job sent inside a transaction once the transaction commits', async () => {
  const { job, ran, seen } = await echoJob('wake-at-commit');
  await idleRunner([job]);
  const done = ran();
  await database.db.transaction(async (tx) => {
    await sendJob(queue, job, { n: 3 }, { within: tx });
    expect(seen).toEqual([]); // not before the commit
  });
  expect(await done).toBe(3);
});

it('leaves a job for later to the poll', async () => {
  const { job, seen } = await echoJob('wake-later');
  const runner = await idleRunner([job]);
  await sendJob(queue, job, { n: 4 }, { startAfter: new Date(Date.now() + 60_000) });
  // The worker stays asleep: a wake-up for a job not yet due would only find nothing.
  expect(runner.idleWorkers()).toBe(1);
  expect(seen).toEqual([]);
});

it('still finds a job that no wake-up announced, at the next poll', async () => {
  const { job, ran } = await echoJob('no-wake');
  const runner = startJobRunner(queue, { db: database.db }, [job], { concurrency: 1, pollIntervalMs: 200, log });
  runners.push(runner);
  const done = ran();
  await queue.send(job.name, { n: 5 }); // pg-boss directly: no bell rung
  expect(await done).toBe(5);
});

it('wakes the runner of another queue instance on the same database', async () => {
  const { job, ran } = await echoJob('wake-across');
  // On PostgreSQL a second connection pool, as another process has (LISTEN/NOTIFY);
  // on the embedded database, which one process holds, a second queue in this process.
  const other = database.kind === 'postgres' ? await openDatabase({ databaseUrl: database.connectionString }) : database;
  if (other !== database) extraDatabases.push(other);
  const otherQueue = await startQueue(other, { error: (error) => problems.push(error) });
  extraQueues.push(otherQueue);
  await idleRunner([job], { queue: otherQueue, db: other.db });

  const sent = ran();
  await sendJob(queue, job, { n: 6 });
  expect(await sent).toBe(6);
  const committed = ran();
  await database.db.transaction((tx) => sendJob(queue, job, { n: 7 }, { within: tx }));
  expect(await committed).toBe(7);
});
