import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../test/fakes/s3-server.ts';
import { withBlobAsFile } from './blob-file.ts';
import { type BlobStore, StorageFullError } from './blob-store.ts';
import { localBlobStore } from './local-store.ts';

// One suite for every store: the local folder, and S3 through a real S3 protocol server.
let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3(['saaga-audio']);
});
afterAll(() => s3?.close());

const stores: [string, () => BlobStore][] = [
  ['local', () => localBlobStore(mkdtempSync(path.join(tmpdir(), 'saaga-blobs-')))],
  ['s3', () => s3.store('saaga-audio')],
];

describe.each(stores)('%s blob store', (_name, makeStore) => {
  it('stores, reads back, reads a range, and deletes', async () => {
    const store = makeStore();
    const key = 'users/u1/recordings/abc.webm';
    await store.put(key, Buffer.from('0123456789'), 'audio/webm');
    expect(await store.size(key)).toBe(10);

    const whole = (await store.get(key))!;
    expect(whole.contentType).toBe('audio/webm');
    expect(whole.size).toBe(10);
    expect(await text(whole.body)).toBe('0123456789');

    const part = (await store.get(key, { start: 2, end: 5 }))!;
    expect(part.size).toBe(10);
    expect(await text(part.body)).toBe('2345');

    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.size(key)).toBeNull();
  });

  it('answers null for a blob that was never stored', async () => {
    expect(await makeStore().get('users/nobody/none.webm')).toBeNull();
  });

  it('stores a file streamed from disk, and lists blobs by prefix with their size and time', async () => {
    const store = makeStore();
    const source = path.join(mkdtempSync(path.join(tmpdir(), 'saaga-source-')), 'recording.webm');
    writeFileSync(source, Buffer.alloc(3 * 1024 * 1024, 7));
    await store.putFile('users/u2/recordings/big.webm', source, 'audio/webm');
    await store.put('users/u2/recordings/small.ogg', Buffer.from('ogg'), 'audio/ogg');
    await store.put('users/u3/recordings/other.webm', Buffer.from('other'), 'audio/webm');

    const whole = (await store.get('users/u2/recordings/big.webm'))!;
    expect(whole).toMatchObject({ size: 3 * 1024 * 1024, contentType: 'audio/webm' });
    expect((await buffer(whole.body)).equals(readFileSync(source))).toBe(true);

    const listed = await collect(store.list('users/u2/'));
    expect(listed.map((b) => [b.key, b.size]).sort()).toEqual([
      ['users/u2/recordings/big.webm', 3 * 1024 * 1024],
      ['users/u2/recordings/small.ogg', 3],
    ]);
    // Each has the time it was written (the orphan sweep goes by it), whatever the store.
    for (const blob of listed) expect(Number.isNaN(blob.lastModified.getTime())).toBe(false);
    expect((await collect(store.list('users/'))).map((b) => b.key).sort()).toEqual([
      'users/u2/recordings/big.webm',
      'users/u2/recordings/small.ogg',
      'users/u3/recordings/other.webm',
    ]);
    expect(await collect(store.list('users/nobody/'))).toEqual([]);
  });

  it('hands a stored blob to a reader as a whole file on this machine, and a missing one as an error', async () => {
    const store = makeStore();
    const bytes = Buffer.alloc(2 * 1024 * 1024, 9);
    await store.put('users/u4/recordings/read.webm', bytes, 'audio/webm');
    const read = await withBlobAsFile(store, 'users/u4/recordings/read.webm', async (file) => readFileSync(file));
    expect(read.equals(bytes)).toBe(true);
    await expect(withBlobAsFile(store, 'users/u4/recordings/none.webm', async () => 'read')).rejects.toThrow(/missing from storage/);
  });

  it('refuses keys that could leave the store', async () => {
    await expect(makeStore().put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
    await expect(makeStore().put('/abs', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
  });
});

describe('local blob store on a disk without room', () => {
  it('refuses with StorageFullError and leaves nothing, not even a temporary file', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'saaga-full-'));
    // A reserve larger than any disk: the store must behave as on a full one.
    const full = localBlobStore(root, { reserveBytes: Number.MAX_SAFE_INTEGER });
    const source = path.join(root, '..', `${path.basename(root)}-source.webm`);
    writeFileSync(source, Buffer.alloc(1024, 1));
    await expect(full.put('users/u1/recordings/a.webm', Buffer.from('abc'), 'audio/webm')).rejects.toBeInstanceOf(StorageFullError);
    await expect(full.putFile('users/u1/recordings/b.webm', source, 'audio/webm')).rejects.toBeInstanceOf(StorageFullError);
    expect(await collect(full.list(''))).toEqual([]);
    expect(readdirSync(path.join(root, 'users/u1/recordings'))).toEqual([]);
  });

  it('lists a partial write left by a crash, so the orphan sweep can find it, but never a type file', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'saaga-crash-'));
    const store = localBlobStore(root);
    await store.put('users/u1/recordings/whole.webm', Buffer.from('whole'), 'audio/webm');
    writeFileSync(path.join(root, 'users/u1/recordings/cut.webm.0a1b2c.tmp'), 'half a recor');
    expect((await collect(store.list('users/'))).map((b) => b.key).sort()).toEqual([
      'users/u1/recordings/cut.webm.0a1b2c.tmp',
      'users/u1/recordings/whole.webm',
    ]);
    await store.delete('users/u1/recordings/cut.webm.0a1b2c.tmp');
    expect(readdirSync(path.join(root, 'users/u1/recordings')).sort()).toEqual(['whole.webm', 'whole.webm.type']);
  });
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
