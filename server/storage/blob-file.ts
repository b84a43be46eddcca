import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from './blob-store.ts';
import { makeTempFolder } from './temp-folders.ts';

/**
 * Runs `use` with a stored blob as a file on this machine, so decoders read from disk
 * instead of holding the recording in memory: the local store's own file (read only), or
 * a temporary copy streamed from S3 and removed afterwards whatever happens. A missing
 * blob, or a copy cut short, is an error.
 */
export async function withBlobAsFile<T>(store: BlobStore, key: string, use: (file: string) => Promise<T>): Promise<T> {
  if (store.localFile) {
    if ((await store.size(key)) === null) throw new Error(`audio ${key} is missing from storage`);
    return use(store.localFile(key));
  }
  // The folder before the blob: a body opened and never read would hold its connection.
  const { dir, remove } = await makeTempFolder('blob');
  try {
    const blob = await store.get(key);
    if (!blob) throw new Error(`audio ${key} is missing from storage`);
    const file = path.join(dir, 'audio');
    await pipeline(blob.body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    const copied = (await stat(file)).size;
    if (copied !== blob.size) throw new Error(`audio ${key}: copied ${copied} of ${blob.size} bytes`);
    return await use(file);
  } finally {
    await remove();
  }
}
