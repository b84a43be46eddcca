import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store.ts';
import { localBlobStore } from './local-store.ts';
import { s3BlobStore } from './s3-store.ts';

// One suite for every store: the local folder, and S3 through a real S3 protocol server.
let s3server: S3rver;
let s3Endpoint: string;
beforeAll(async () => {
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'saaga-s3-')),
    configureBuckets: [{ name: 'saaga-audio', configs: [] }],
  });
  const { port } = await s3server.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(() => s3server?.close());

const stores: [string, () => BlobStore][] = [
  ['local', () => localBlobStore(mkdtempSync(path.join(tmpdir(), 'saaga-blobs-')))],
  [
    's3',
    () =>
      s3BlobStore({
        bucket: 'saaga-audio',
        endpoint: s3Endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
  ],
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

  it('refuses keys that could leave the store', async () => {
    await expect(makeStore().put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
    await expect(makeStore().put('/abs', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
  });
});
