import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { freshDatabase } from '../../test/support/database.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { AiError } from '../ai/errors.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { defineJob, type JobDefinition } from './job.ts';
import { ensureJobQueue, type Queue, startQueue } from './queue.ts';
import { type JobLog, type JobRunner, startJobRunner } from './runner.ts';
import { sendJob } from './send-job.ts';

// The runner on a real database and a real pg-boss: fair shares, one retry layer, and
// outcomes recorded even when recording them fails.
let database: DatabaseHandle;
let queue: Queue;
let runner: JobRunner | undefined;
const logged: { level: string; msg?: string }[] = [];
const log: JobLog = {
  info: (_obj, msg) => logged.push({ level: 'info', msg }),
  warn: (_obj, msg) => logged.push({ level: 'warn', msg }),
  error: (_obj, msg) => logged.push({ level: 'error', msg }),
};
const queueErrors: unknown[] = [];
const policy = { retries: 2, baseDelayMs: 60_000, maxDelayMs: 60_000 };

beforeAll(async () => {
  database = await freshDatabase();
  queue = await startQueue(database, { error: (error) => queueErrors.push(error) });
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  logged.length = 0;
  expect(queueErrors).toEqual([]);
});
afterAll(async () => {
  await queue?.stop({ graceful: false, wait: true });
  await database?.close();
});

type Ctx = { db: DatabaseHandle['db'] };
const payload = z.object({ id: z.string(), user: z.string() });
type Payload = z.infer<typeof payload>;

/** A test job whose work is `work`, counting its runs and failures. */
async function testJob(name: string, work: (p: Payload, attempt: number) => Promise<void>) {
  const runs: { id: string; attempt: number }[] = [];
  const failures: string[] = [];
  const job: JobDefinition<Ctx, Payload> = defineJob({
    name,
    payload,
    retry: policy,
    expireInSeconds: 60,
    entityOf: (p) => `test:${p.id}`,
    ownerOf: async (_ctx, p) => p.user,
    async run(_ctx, p, { attempt }) {
      runs.push({ id: p.id, attempt });
      await work(p, attempt);
    },
    async onFailure(_ctx, p, error) {
      failures.push(`${p.id}: ${error.code}`);
    },
  });
  await ensureJobQueue(queue, job);
  return { job, runs, failures };
}

const start = (jobs: JobDefinition<Ctx, any>[], q: Queue = queue) => {
  runner = startJobRunner(q, { db: database.db }, jobs, { concurrency: 2, pollIntervalMs: 100, retryDelayMs: 0, log });
};

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

it('lets another user\'s job finish while one user\'s long jobs hold a worker', async () => {
  const long = gate();
  const finished: string[] = [];
  const { job } = await testJob('fair', async (p) => {
    if (p.user === 'anna') await long.opened;
    finished.push(p.id);
  });
  start([job]);
  await sendJob(queue, job, { id: 'anna-1', user: 'anna' });
  await sendJob(queue, job, { id: 'anna-2', user: 'anna' });
  await sendJob(queue, job, { id: 'ben-1', user: 'ben' });
  await waitFor(async () => finished, (f) => f.includes('ben-1'), 15_000);
  expect(finished).toEqual(['ben-1']); // both of Anna's are still waiting: one runs, one waits its turn
  long.open();
  await waitFor(async () => finished, (f) => f.length === 3, 15_000);
  expect(finished.slice(1).sort()).toEqual(['anna-1', 'anna-2']);
});

it('retries a passing failure exactly as often as the policy says, then records the failure once', async () => {
  const { job, runs, failures } = await testJob('flaky', async () => {
    throw new AiError('temporarily_unavailable', { retryable: true });
  });
  start([job]);
  await sendJob(queue, job, { id: 'x', user: 'anna' });
  await waitFor(async () => failures, (f) => f.length > 0, 15_000);
  expect(runs.map((r) => r.attempt)).toEqual([0, 1, 2]);
  expect(failures).toEqual(['x: temporarily_unavailable']);
});

it('waits as long as the provider asks without spending a retry', async () => {
  let calls = 0;
  const { job, runs, failures } = await testJob('rate-limited', async () => {
    calls += 1;
    if (calls <= 4) throw new AiError('temporarily_unavailable', { retryable: true, retryAfterMs: 0 });
  });
  start([job]);
  await sendJob(queue, job, { id: 'y', user: 'anna' });
  await waitFor(async () => runs.length, (n) => n === 5, 15_000);
  expect(runs.map((r) => r.attempt)).toEqual([0, 0, 0, 0, 0]); // four waits, more than the two retries, and no retry spent
  await waitFor(() => queue.getQueueSize('rate-limited'), (size) => size === 0, 15_000);
  expect(failures).toEqual([]);
});

it('logs a failed write of the outcome and keeps working', async () => {
  const done: string[] = [];
  const { job } = await testJob('disk-full', async (p) => {
    done.push(p.id);
  });
  let refused = 0;
  // The first completion fails as a full disk would make it fail.
  const failingOnce = new Proxy(queue, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'complete') return typeof value === 'function' ? value.bind(target) : value;
      return (...args: unknown[]) => {
        if (refused++ === 0) return Promise.reject(new Error('could not extend file: No space left on device'));
        return (value as (...a: unknown[]) => Promise<void>).apply(target, args);
      };
    },
  });
  start([job], failingOnce);
  await sendJob(queue, job, { id: 'first', user: 'anna' });
  await waitFor(async () => logged, (l) => l.some((e) => e.level === 'error'), 15_000);
  expect(logged.filter((e) => e.level === 'error').map((e) => e.msg)).toEqual(['job queue: could not complete disk-full']);
  await sendJob(queue, job, { id: 'second', user: 'anna' });
  await waitFor(async () => done, (d) => d.includes('second'), 15_000);
});

it('runs one job at a time per entity', async () => {
  const first = gate();
  const { job, runs } = await testJob('one-at-a-time', async () => {
    if (runs.length === 1) await first.opened;
  });
  start([job]);
  await sendJob(queue, job, { id: 'same', user: 'anna' });
  await waitFor(async () => runs.length, (n) => n === 1, 15_000);
  // A second waiting job for the same entity under another key, as recovery may send one.
  const twinId = await sendJob(queue, { ...job, queueKeyOf: (p: Payload) => `${p.id}-twin` }, { id: 'same', user: 'ben' });
  expect(twinId).not.toBeNull();
  await waitFor(() => queue.getJobById(job.name, twinId!), (twin) => twin?.state === 'completed', 15_000);
  expect(runs).toHaveLength(1); // the twin was passed on, not run beside the first
  first.open();
  await waitFor(async () => runs.length, (n) => n === 2, 30_000);
});
