import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { jobBellFor, ringsOn } from './wake.ts';

export type Queue = PgBoss;

/**
 * How often workers look for new jobs. A job sent through sendJob wakes them at once
 * (wake.ts); the poll finds what no wake-up announced (a delayed retry, a lost notification).
 */
export const POLLING_INTERVAL_SECONDS = 0.5;

/** Starts pg-boss in the app's own database (PGlite through an adapter, or PostgreSQL), with the database's wake-up bell. */
export async function startQueue(database: DatabaseHandle, log: { error(obj: unknown, msg?: string): void }): Promise<Queue> {
  // The timekeeper (cron schedules) is off here: it would make its own queue and poll it, about
  // a fifth of a second of every start on PGlite (decision 024), in API servers and tests that
  // never run a scheduled job. The background work starts it after listening (timekeeper.ts).
  const unscheduled = { schedule: false };
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ connectionString: database.connectionString, max: 4, ...unscheduled })
      : new PgBoss({ db: { executeSql: (text, values) => database.executor.executeSql(text, values) }, ...unscheduled });
  boss.on('error', (error) => log.error(error, 'queue error'));
  await boss.start();
  ringsOn(boss, jobBellFor(database, log));
  return boss;
}

/**
 * Creates a job's queue, or brings an existing one up to date: one waiting job per key
 * (`short` policy), and no retries of pg-boss's own, since the runner decides them all.
 * `existing` (queue.getQueues()) skips a queue already as wanted: two statements a queue
 * on every start otherwise, a tenth of a second on PGlite (decision 024).
 */
export async function ensureJobQueue(
  queue: Queue,
  job: { name: string; expireInSeconds: number },
  existing: PgBoss.QueueResult[] = [],
): Promise<void> {
  const options = { name: job.name, policy: 'short' as const, retryLimit: 0, expireInSeconds: job.expireInSeconds };
  const now = existing.find((known) => known.name === job.name);
  if (now && now.policy === options.policy && now.retryLimit === options.retryLimit && now.expireInSeconds === options.expireInSeconds) return;
  await queue.createQueue(job.name, options);
  await queue.updateQueue(job.name, options);
}
