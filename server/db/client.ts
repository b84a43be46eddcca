import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { REPO_ROOT } from '../repo-root.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { durablePgliteOptions, syncFolder } from './durable-pglite.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs raw SQL for pg-boss: parameterless text may hold several statements. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  executor: SqlExecutor;
  /** For PostgreSQL, pg-boss opens its own pool from this. */
  connectionString?: string;
  ping(): Promise<void>;
  /** Resolves once every connection is closed (and, for PGlite, the folder unlocked). */
  close(): Promise<void>;
}

/** Where a lost PostgreSQL connection is reported (pino's and console's `warn` both fit). */
export interface DatabaseLog {
  warn(detail: unknown, message?: string): void;
}

const migrationsFolder = path.join(REPO_ROOT, 'server', 'db', 'migrations');

/** Opens the database: PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory). */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string; log?: DatabaseLog }): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.log ?? console) : openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  const { client, unlock } = dataDir ? await openPgliteFolder(dataDir) : { client: new PGlite(), unlock: () => {} };
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as any, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    executor: {
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
      unlock();
    },
  };
}

/** PGlite in DATA_DIR/db, durable, held by this process alone. */
async function openPgliteFolder(dataDir: string): Promise<{ client: PGlite; unlock: () => void }> {
  const dir = path.join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const isNew = !existsSync(path.join(dir, 'PG_VERSION'));
    const client = new PGlite(durablePgliteOptions(dir));
    await client.waitReady;
    if (isNew) syncFolder(dir);
    return { client, unlock };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openPostgres(connectionString: string, log: DatabaseLog): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // A connection closed by PostgreSQL or a proxy (restart, pg_terminate_backend, idle
  // timeout) is an 'error' event: unheard, it would end the process. The pool drops the
  // connection and opens a new one for the next query. An idle connection reports it on
  // the pool, one lent out (a transaction) on itself: both are heard, each logged once.
  pool.on('error', () => {});
  const open = new Set<Promise<void>>();
  pool.on('connect', (client) => {
    client.on('error', (error) => log.warn(error, 'database connection lost; the next query opens a new one'));
    const ended: Promise<void> = new Promise((resolve) =>
      client.once('end', () => {
        open.delete(ended);
        resolve();
      }),
    );
    open.add(ended);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  try {
    await migratePg(db as any, { migrationsFolder });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    kind: 'postgres',
    connectionString,
    executor: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      // pool.end() resolves when its connections are asked to close, not when they have.
      await pool.end();
      await Promise.all(open);
    },
  };
}
