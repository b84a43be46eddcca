import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
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
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens the database: PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory). */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  let dir: string | undefined;
  let unlock = () => {};
  if (dataDir) {
    dir = path.join(dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  const client = new PGlite(dir);
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

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  await migratePg(db as any, { migrationsFolder });
  return {
    db,
    kind: 'postgres',
    connectionString,
    executor: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}
