import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, migratedPgliteImage, openDatabase } from '../../server/db/client.ts';
import { REPO_ROOT } from './shared-files.ts';
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
 * The file of a migrated database's dump, kept in the temporary folder under a name made
 * from what shapes it (the migrations, server/db/client.ts's start settings, PGlite's
 * version), so every test process starts its databases from it: isolated ones (the engine
 * files) too, and server processes (test/support/server-process.ts unpacks it as their
 * DATA_DIR's database). Made by the first process that needs it.
 */
export async function pgliteImageFile(): Promise<string> {
  const hash = createHash('sha256');
  const migrations = path.join(REPO_ROOT, 'server', 'db', 'migrations');
  for (const name of (await readdir(migrations, { recursive: true })).sort()) {
    const file = path.join(migrations, name);
    if ((await stat(file)).isFile()) hash.update(name).update(await readFile(file));
  }
  hash.update(await readFile(path.join(REPO_ROOT, 'server', 'db', 'client.ts')));
  hash.update(await readFile(path.join(REPO_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  const file = path.join(tmpdir(), `saaga-pglite-image-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    await stat(file);
  } catch {
    const image = await migratedPgliteImage();
    // Written aside and renamed: a process reading it never sees half of it.
    const part = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    await writeFile(part, Buffer.from(await image.arrayBuffer()));
    await rename(part, file);
  }
  return file;
}

/** The dump itself (pgliteImageFile). */
async function pgliteImage(): Promise<Blob> {
  return new Blob([await readFile(await pgliteImageFile())]);
}
/** Read once per test worker (its files share the module when not isolated). */
let image: Promise<Blob> | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (started from a
 * dump of a migrated one, which skips initdb and the migrations: 0.6 s of CPU instead of
 * 2.8 s; the migrations still run, and find nothing to do), or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped on close).
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  if (!process.env.TEST_DATABASE_URL) {
    image ??= pgliteImage().catch((error) => {
      image = undefined;
      throw error;
    });
    return openDatabase({ image: await image });
  }
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
