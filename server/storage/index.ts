import path from 'node:path';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { localBlobStore } from './local-store.ts';
import { s3BlobStore } from './s3-store.ts';

export type { BlobStore } from './blob-store.ts';

/** The configured store: S3 when S3_BUCKET is set, else `DATA_DIR/audio`. */
export function createBlobStore(config: Pick<Config, 's3' | 'dataDir'>): BlobStore {
  return config.s3 ? s3BlobStore(config.s3) : localBlobStore(path.join(config.dataDir, 'audio'));
}
