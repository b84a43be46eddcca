import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';

export type Queue = PgBoss;

/** How often workers look for new jobs: a job starts within about half a second. */
export const POLLING_INTERVAL_SECONDS = 0.5;

/** Starts pg-boss in the app's own database (PGlite through an adapter, or PostgreSQL). */
export async function startQueue(database: DatabaseHandle, log: { error(obj: unknown, msg?: string): void }): Promise<Queue> {
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ connectionString: database.connectionString, max: 4 })
      : new PgBoss({ db: { executeSql: (text, values) => database.executor.executeSql(text, values) } });
  boss.on('error', (error) => log.error(error, 'queue error'));
  await boss.start();
  return boss;
}
