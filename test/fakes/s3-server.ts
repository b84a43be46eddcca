/**
 * A real S3 protocol server (s3rver) on 127.0.0.1 with its data in a temporary folder, for
 * tests that run a blob store on S3.
 *
 *   const s3 = await startFakeS3(['saaga-audio']);
 *   const store = s3.store('saaga-audio');
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { BlobStore } from '../../server/storage/blob-store.ts';
import { s3BlobStore } from '../../server/storage/s3-store.ts';

export interface FakeS3 {
  endpoint: string;
  /** s3rver's fixed keys. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** A blob store on one of the buckets made at the start. */
  store(bucket: string): BlobStore;
  close(): Promise<void>;
}

export async function startFakeS3(buckets: string[]): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'saaga-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  const endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    credentials,
    store: (bucket) => s3BlobStore({ bucket, endpoint, ...credentials }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
