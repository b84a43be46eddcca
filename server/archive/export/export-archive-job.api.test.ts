import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database.ts';
import { AiError } from '../../ai/errors.ts';
import { queueUnfinishedWork } from '../../background/recovery.ts';
import { createJobQueues } from '../../background/queues.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { archiveExports, users } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/context.ts';
import { takeLease } from '../../jobs/leases.ts';
import { type Queue, startQueue } from '../../jobs/queue.ts';
import { StorageFullError } from '../../storage/blob-store.ts';
import type { BlobStore } from '../../storage/index.ts';
import { localBlobStore } from '../../storage/local-store.ts';
import { sweepOrphanAudio } from '../../recordings/sweep-orphan-audio.ts';
import { EXPORT_ARCHIVE, exportArchiveJob } from './export-archive-job.ts';
import { exportZipKey } from './export-row.ts';

// The job on its own, no worker running: what a crash leaves is taken again, a try again
// overwrites its own ZIP, a failure for good is a clear state with a code.
let database: DatabaseHandle;
let queue: Queue;
let store: BlobStore;
let ctx: JobContext;
/** What the job and the queue warned of or failed with: no test here expects any. */
const problems: string[] = [];
const log = {
  info: () => {},
  warn: (obj: object, msg?: string) => problems.push(`warn: ${msg} ${JSON.stringify(obj)}`),
  error: (obj: object, msg?: string) => problems.push(`error: ${msg} ${JSON.stringify(obj)}`),
};

beforeAll(async () => {
  database = await freshDatabase();
  queue = await startQueue(database, { error: (error) => problems.push(`queue: ${String(error)}`) });
  await createJobQueues(queue);
  store = localBlobStore(mkdtempSync(path.join(tmpdir(), 'saaga-test-exports-')));
  ctx = { db: database.db, store, queue, log } as unknown as JobContext;
});
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});
afterAll(async () => {
  await queue?.stop({ graceful: false, wait: true });
  await database?.close();
});

const run = (exportId: string) => exportArchiveJob.run(ctx, { exportId }, { attempt: 0, signal: new AbortController().signal });
const rowOf = async (id: string) => (await database.db.select().from(archiveExports).where(eq(archiveExports.id, id)))[0];

async function newUser() {
  const [user] = await database.db.insert(users).values({ email: `${crypto.randomUUID()}@example.com` }).returning();
  return user.id;
}

it('takes again, after a crash, a running export no live job holds, and leaves a held one alone', async () => {
  const userId = await newUser();
  const [cutOff] = await database.db.insert(archiveExports).values({ userId, state: 'running', progressDone: 3, progressTotal: 9 }).returning();
  const [held] = await database.db.insert(archiveExports).values({ userId, state: 'queued' }).returning();
  await database.db.insert(archiveExports).values([{ userId, state: 'ready' }, { userId, state: 'failed' }, { userId, state: 'expired' }]);
  expect(await takeLease(database.db, exportArchiveJob.entityOf({ exportId: held.id }), 'a live job')).toBe(true);

  expect(await queueUnfinishedWork(ctx, [exportArchiveJob])).toEqual({ [EXPORT_ARCHIVE]: 1 });
  const [job] = await queue.fetch<{ exportId: string }>(EXPORT_ARCHIVE);
  expect(job.data.exportId).toBe(cutOff.id);
  await queue.complete(EXPORT_ARCHIVE, job.id);

  await run(cutOff.id);
  const ready = await rowOf(cutOff.id);
  expect(ready).toMatchObject({ state: 'ready', blobKey: exportZipKey(userId, cutOff.id), error: null, errorCode: null });
  expect(await store.size(ready.blobKey!)).toBe(ready.sizeBytes);
});

it('overwrites its own ZIP when tried again, and does nothing more once the export is ready', async () => {
  const userId = await newUser();
  const [row] = await database.db.insert(archiveExports).values({ userId, state: 'running' }).returning();
  // What a try cut off while storing left behind.
  await store.put(exportZipKey(userId, row.id), Buffer.from('half an archive'), 'application/zip');
  await run(row.id);
  const ready = await rowOf(row.id);
  const stored = await store.get(ready.blobKey!);
  const head = await new Promise<Buffer>((resolve) => stored!.body.once('data', (chunk: Buffer) => resolve(chunk)));
  stored!.body.destroy();
  expect(head.subarray(0, 2).toString()).toBe('PK');
  expect(ready.sizeBytes).toBe(stored!.size);

  await run(row.id);
  expect(await rowOf(row.id)).toEqual(ready);
  // The sweep for audio no row names leaves archives alone, however old.
  await sweepOrphanAudio(database.db, store, { minAgeMs: 0, now: new Date(Date.now() + 60_000) });
  expect(await store.size(ready.blobKey!)).toBe(ready.sizeBytes);
});

it('fails for good with a code the screen words, and never over a finished export', async () => {
  const userId = await newUser();
  const [full] = await database.db.insert(archiveExports).values({ userId, state: 'running' }).returning();
  await exportArchiveJob.onFailure(ctx, { exportId: full.id }, new AiError('processing_failed', { cause: new StorageFullError('no space left') }));
  expect(await rowOf(full.id)).toMatchObject({ state: 'failed', errorCode: 'export_storage_full', error: 'There is no room on the server to make your archive.' });

  const [broken] = await database.db.insert(archiveExports).values({ userId, state: 'queued' }).returning();
  await exportArchiveJob.onFailure(ctx, { exportId: broken.id }, new AiError('processing_failed', { cause: new Error('a bug') }));
  expect(await rowOf(broken.id)).toMatchObject({ state: 'failed', errorCode: 'export_failed', error: 'Your archive could not be made.' });
  expect((await rowOf(broken.id)).finishedAt).not.toBeNull();

  const [done] = await database.db.insert(archiveExports).values({ userId, state: 'ready' }).returning();
  await exportArchiveJob.onFailure(ctx, { exportId: done.id }, new AiError('processing_failed'));
  expect((await rowOf(done.id)).state).toBe('ready');
});

it('stores nothing for an export whose row went meanwhile (the account deleted)', async () => {
  const userId = await newUser();
  const [row] = await database.db.insert(archiveExports).values({ userId, state: 'queued' }).returning();
  await database.db.delete(archiveExports).where(eq(archiveExports.id, row.id));
  await run(row.id);
  expect(await store.size(exportZipKey(userId, row.id))).toBeNull();
});
