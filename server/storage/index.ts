import path from 'node:path';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { localBlobStore } from './local-store.ts';
import type { S3Settings } from './s3-store.ts';

export type { BlobStore } from './blob-store.ts';

/** The configured store: S3 when S3_BUCKET is set, else `DATA_DIR/audio`. */
export function createBlobStore(config: Pick<Config, 's3' | 'dataDir'>): BlobStore {
  return config.s3 ? lazyS3BlobStore(config.s3) : localBlobStore(path.join(config.dataDir, 'audio'));
}

/** The S3 store, its AWS SDK loaded on first use: a server on local files never loads it (decision 024). */
function lazyS3BlobStore(settings: S3Settings): BlobStore {
  let loaded: Promise<BlobStore> | undefined;
  const store = () => (loaded ??= import('./s3-store.ts').then(({ s3BlobStore }) => s3BlobStore(settings)));
  return {
    kind: 's3',
    put: async (key, data, contentType) => (await store()).put(key, data, contentType),
    putFile: async (key, file, contentType) => (await store()).putFile(key, file, contentType),
    get: async (key, range) => (await store()).get(key, range),
    size: async (key) => (await store()).size(key),
    delete: async (key) => (await store()).delete(key),
    async *list(prefix) {
      yield* (await store()).list(prefix);
    },
  };
}
