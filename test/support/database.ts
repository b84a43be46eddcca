import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../server/db/client.ts';
import { waitFor } from './wait-for.ts';

/** How long a dropped test database may wait for its last connections to close. */
const LAST_CONNECTIONS_TIMEOUT_MS = 15_000;

/** A new, empty database on the PostgreSQL server in TEST_DATABASE_URL. */
export interface ScratchDatabase {
  url: string;
  name: string;
  /**
   * Waits until nobody is connected to it (the app's pool, pg-boss's, a server process's),
   * then drops it; fails naming whoever is still connected after 15 s.
   */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped on close).
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  if (!process.env.TEST_DATABASE_URL) return openDatabase({});
  const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL);
  const handle = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** An empty database on the server at `serverUrl`, for a test that starts its own server process. */
export async function scratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `saaga_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(serverUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    drop: () =>
      asAdmin(serverUrl, async (admin) => {
        // A closed pool's connections may still be on their way out; dropping under them
        // would kill them mid-goodbye (57P01 in whoever still listens).
        const connections = async () =>
          (await admin.query('select pid, application_name, state from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])).rows;
        await waitFor(connections, (rows) => rows.length === 0, LAST_CONNECTIONS_TIMEOUT_MS, `the last connections to test database ${name} to close`);
        await admin.query(`drop database ${name}`);
      }),
  };
}

/** Runs `work` on a connection of its own to the server's maintenance database. */
async function asAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  let lost: Error | undefined;
  admin.on('error', (error) => (lost = error));
  await admin.connect();
  try {
    const result = await work(admin);
    if (lost) throw lost;
    return result;
  } finally {
    await admin.end();
  }
}
