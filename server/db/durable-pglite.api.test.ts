import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client.ts';

// The embedded database on a folder keeps what it acknowledged: postgres syncs, and its
// syncs reach the host's fsync. (The PostgreSQL pass has nothing embedded to check.)
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL) || process.platform !== 'linux')('the embedded database on a folder', () => {
  let database: DatabaseHandle | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    database = dataDir = undefined;
  });

  /** Records the path of every file the process fsyncs, then syncs it for real. */
  function watchSyncs(): string[] {
    const synced: string[] = [];
    const realFsync = fs.fsyncSync.bind(fs);
    vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      synced.push(fs.readlinkSync(`/proc/self/fd/${fd}`));
      realFsync(fd);
    });
    return synced;
  }

  it('flushes a new database to the disk, runs with fsync on, and fsyncs the WAL before a commit returns', async () => {
    const folder = fs.mkdtempSync(path.join(tmpdir(), 'saaga-durable-'));
    dataDir = folder;
    const synced = watchSyncs();
    database = await openDatabase({ dataDir: folder });
    expect(synced).toContain(path.join(folder, 'db', 'PG_VERSION'));

    const { rows } = await database.executor.executeSql("select name, setting from pg_settings where name in ('fsync', 'wal_sync_method')");
    expect(Object.fromEntries(rows.map((row) => [row.name, row.setting]))).toEqual({ fsync: 'on', wal_sync_method: 'fsync' });

    await database.executor.executeSql('create table durability_probe (said text)');
    synced.length = 0;
    await database.executor.executeSql('insert into durability_probe (said) values ($1)', ['kept']);
    expect(synced.some((file) => file.startsWith(path.join(folder, 'db', 'pg_wal') + path.sep))).toBe(true);
  });
});
