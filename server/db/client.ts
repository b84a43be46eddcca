import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
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
import { type ChannelListener, PostgresNotifications, type Subscription } from './notifications.ts';
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
  /** Hears a NOTIFY channel: on PGlite what its own statements send, on PostgreSQL what every process sends. */
  listen(channel: string, listener: ChannelListener): Subscription;
  /** Resolves once every connection is closed (and, for PGlite, the folder unlocked). */
  close(): Promise<void>;
}

/** Where a lost PostgreSQL connection is reported (pino's and console's `warn` both fit). */
export interface DatabaseLog {
  warn(detail: unknown, message?: string): void;
}

const migrationsFolder = path.join(REPO_ROOT, 'server', 'db', 'migrations');

/**
 * PGlite's buffer cache. postgres's default, 128 MB, is touched in full as it starts (about
 * 120 MB more of the server's idle memory and 80 ms of its start); what a page of a library
 * of thousands reads fits in a few MB, and the rest stays in the operating system's cache.
 * Measured in decision 024.
 */
const PGLITE_SHARED_BUFFERS = '32MB';
/** When a PGlite folder is vacuumed: some seconds after the server opened it, then daily. */
const VACUUM_AFTER_OPEN_MS = 15_000;
const VACUUM_EVERY_MS = 24 * 3600_000;
const pgliteStartParams = (startParams: string[]) => [...startParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/** Opens the database: PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory). */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  log?: DatabaseLog;
  /** In memory only: start from this dump of a migrated database (migratedPgliteImage) instead of an empty one. */
  image?: Blob;
}): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.log ?? console) : openPglite(options.dataDir, options.log ?? console, options.image);
}

/**
 * A dump of a new, migrated in-memory PGlite. Tests open a database per file from it: its
 * start costs a quarter of an empty one's (initdb and the migrations are done once).
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = new PGlite({ startParams: pgliteStartParams(PGlite.defaultStartParams) });
  try {
    await client.waitReady;
    await migratePglite(drizzlePglite(client, { schema }) as any, { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPglite(dataDir: string | undefined, log: DatabaseLog, image?: Blob): Promise<DatabaseHandle> {
  const { client, unlock } = dataDir
    ? await openPgliteFolder(dataDir)
    : { client: new PGlite({ startParams: pgliteStartParams(PGlite.defaultStartParams), ...(image ? { loadDataDir: image } : {}) }), unlock: () => {} };
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as any, { migrationsFolder });
  const vacuum = dataDir ? scheduleVacuum(client, log) : undefined;
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
    listen(channel, listener) {
      // PGlite hands a statement's notifications to its listeners before the statement resolves.
      const unlisten = client.listen(channel, listener.message);
      return { ready: unlisten.then(() => {}), stop: async () => (await unlisten)() };
    },
    async close() {
      await vacuum?.stop();
      await client.close();
      unlock();
    },
  };
}

/**
 * PGlite runs postgres single-user, without autovacuum: as written, a library of thousands
 * has no statistics and no visibility map, and its first page took 60 ms of the server's
 * thread instead of 15 (decision 024). VACUUM (ANALYZE) after opening, not before
 * listening (1.5 s on 5,000 stories just loaded; little once the pages are all visible), and
 * daily. PGlite runs it between transactions; calls wait for it meanwhile.
 */
function scheduleVacuum(client: PGlite, log: DatabaseLog): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const vacuum = () => {
    if (stopped) return;
    running = client.exec('vacuum (analyze)').catch((error: unknown) => log.warn(error, 'VACUUM of the embedded database failed'));
  };
  const first = setTimeout(vacuum, VACUUM_AFTER_OPEN_MS).unref();
  const daily = setInterval(vacuum, VACUUM_EVERY_MS).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(daily);
      await running;
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
    const open = async () => {
      const durable = durablePgliteOptions(dir);
      const client = new PGlite({ ...durable, startParams: pgliteStartParams(durable.startParams ?? PGlite.defaultStartParams) });
      await client.waitReady;
      return client;
    };
    let client = await open();
    if (isNew) {
      syncFolder(dir);
      // Making the cluster grows PGlite's WebAssembly memory to about 600 MB, which
      // WebAssembly never gives back: a new instance on the folder starts small (decision 024).
      await client.close();
      client = await open();
      // Some seconds later: collected at once, the first instance was still held (measured:
      // at 1 s nothing came back, at 5 s about 400 MB did).
      setTimeout(collectGarbage, 5000).unref();
    }
    return { client, unlock };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * A full garbage collection now, so that the first instance's memory goes back at once: an
 * idle server may not collect for hours, and that memory is V8's to free, not WebAssembly's.
 */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
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
  const notifications = new PostgresNotifications(connectionString, { error: (detail, message) => log.warn(detail, message) });
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
    listen: (channel, listener) => notifications.listen(channel, listener),
    async close() {
      await notifications.close();
      // pool.end() resolves when its connections are asked to close, not when they have.
      await pool.end();
      await Promise.all(open);
    },
  };
}
