import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from './blob-store.ts';

/**
 * Runs `use` with a stored blob as a file on this machine (a temporary copy, removed
 * afterwards), so decoders read from disk instead of holding the recording in memory.
 */
export async function withBlobAsFile<T>(store: BlobStore, key: string, use: (file: string) => Promise<T>): Promise<T> {
  const blob = await store.get(key);
  if (!blob) throw new Error(`audio ${key} is missing from storage`);
  const dir = await mkdtemp(path.join(tmpdir(), 'saaga-blob-'));
  try {
    const file = path.join(dir, 'audio');
    await pipeline(blob.body, createWriteStream(file));
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
