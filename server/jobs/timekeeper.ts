import PgBoss from 'pg-boss';
import type { Queue } from './queue.ts';

/** A job pg-boss's scheduler sends on a cron schedule (UTC). */
export interface ScheduledJob {
  name: string;
  cron: string;
}

/** How often the timekeeper looks for the jobs its schedules sent (pg-boss's default is 5 s; a tick a little late is fine). */
const SCHEDULED_JOBS_POLL_SECONDS = 30;

export interface Timekeeper {
  stop(): Promise<void>;
}

/**
 * pg-boss's own scheduler (its "timekeeper": cron schedules kept in its tables, each due job
 * sent once however many processes keep time), for the processes that run the background work,
 * started after the server listens. The queue every process starts keeps `schedule: false`
 * (queue.ts): an API server and every test that runs no workers pay nothing for it, and the
 * start's first answer does not wait for the timekeeper's own queue and first poll
 * (decisions 024 and 036). This second pg-boss on the same connection does only that: no
 * migration, no supervision (the first pg-boss does both). The schedules are written here
 * (an upsert each); the jobs they send are run by the app's own runner like any other.
 */
export async function startTimekeeper(
  queue: Queue,
  schedules: readonly ScheduledJob[],
  log: { error(obj: unknown, msg?: string): void },
  /** How often the sent jobs are looked for (tests: a second). */
  pollSeconds = SCHEDULED_JOBS_POLL_SECONDS,
): Promise<Timekeeper> {
  for (const { name, cron } of schedules) await queue.schedule(name, cron, {}, { tz: 'UTC' });
  const db = queue.getDb();
  const keeper = new PgBoss({
    db: { executeSql: (text: string, values: unknown[] = []) => db.executeSql(text, values) },
    schedule: true,
    supervise: false,
    migrate: false,
    cronWorkerIntervalSeconds: pollSeconds,
  });
  keeper.on('error', (error) => log.error(error, 'scheduler error'));
  await keeper.start();
  return {
    async stop() {
      await keeper.stop({ graceful: false, wait: true });
    },
  };
}
