import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type BlobStore } from './blob-store.ts';

/** Blobs as files under one folder; the content type is kept in a sidecar file. */
export function localBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };

  async function writeDurably(file: string, data: Buffer | string) {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
    // The rename itself must reach the disk too.
    const directory = await open(path.dirname(file), 'r');
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
  }

  return {
    kind: 'local',

    async put(key, data, contentType) {
      const file = fileOf(key);
      await writeDurably(`${file}.type`, contentType);
      await writeDurably(file, data);
    },

    async get(key, range) {
      const file = fileOf(key);
      const size = await this.size(key);
      if (size === null) return null;
      const contentType = await readFile(`${file}.type`, 'utf8').catch(() => 'application/octet-stream');
      const body = range ? createReadStream(file, { start: range.start, end: range.end }) : createReadStream(file);
      return { body, size, contentType };
    },

    async size(key) {
      try {
        return (await stat(fileOf(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
  };
}
