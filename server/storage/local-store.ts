import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { copyFile, mkdir, open, opendir, readFile, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type BlobEntry, type BlobStore, StorageFullError } from './blob-store.ts';

export interface LocalStoreOptions {
  /**
   * Free space (bytes) the store leaves on its disk: the database usually shares that disk,
   * and must still be able to write when audio has filled the rest.
   */
  reserveBytes?: number;
}

export const DEFAULT_RESERVE_BYTES = 256 * 1024 * 1024;

/** The content type of a blob is kept in a file beside it with this ending. */
const TYPE_SUFFIX = '.type';

/**
 * Blobs as files under one folder; the content type is kept in a sidecar file. A blob is
 * written to a temporary file, synced and renamed into place, so it is there whole or not
 * at all; a write the disk cannot take fails with StorageFullError and leaves nothing.
 */
export function localBlobStore(root: string, options: LocalStoreOptions = {}): BlobStore {
  const reserveBytes = options.reserveBytes ?? DEFAULT_RESERVE_BYTES;
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };

  async function ensureRoom(folder: string, bytes: number) {
    const { bavail, bsize } = await statfs(folder);
    const free = bavail * bsize;
    if (free - bytes < reserveBytes) {
      throw new StorageFullError(`${free} bytes free, ${bytes} needed, ${reserveBytes} kept in reserve`);
    }
  }

  async function writeDurably(file: string, write: (temporary: string) => Promise<void>) {
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await write(temporary);
      const handle = await open(temporary, 'r+');
      try {
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
    } catch (error) {
      await rm(temporary, { force: true });
      throw asStorageFull(error);
    }
  }

  async function store(key: string, bytes: number, write: (temporary: string) => Promise<void>, contentType: string) {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true }).catch((error: unknown) => {
      throw asStorageFull(error);
    });
    await ensureRoom(path.dirname(file), bytes);
    // The blob first: a crash before its type is written leaves a blob no row names, which
    // the orphan sweep finds; a type file alone would never be found.
    await writeDurably(file, write);
    try {
      await writeDurably(`${file}${TYPE_SUFFIX}`, (temporary) => writeFile(temporary, contentType, { flag: 'wx' }));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }

  async function* walk(folder: string, keyPrefix: string): AsyncGenerator<BlobEntry> {
    let entries;
    try {
      entries = await opendir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for await (const entry of entries) {
      const key = `${keyPrefix}${entry.name}`;
      if (entry.isDirectory()) {
        yield* walk(path.join(folder, entry.name), `${key}/`);
      } else if (entry.isFile() && !entry.name.endsWith(TYPE_SUFFIX)) {
        const info = await stat(path.join(folder, entry.name)).catch(ignoreMissing);
        if (info) yield { key, size: info.size, lastModified: info.mtime };
      }
    }
  }

  return {
    kind: 'local',

    localFile: fileOf,

    async put(key, data, contentType) {
      await store(key, data.length, (temporary) => writeFile(temporary, data, { flag: 'wx' }), contentType);
    },

    async putFile(key, source, contentType) {
      const { size } = await stat(source);
      // The kernel copies file to file: the bytes never pass through this process.
      await store(key, size, (temporary) => copyFile(source, temporary, constants.COPYFILE_EXCL), contentType);
    },

    async get(key, range) {
      const file = fileOf(key);
      const size = await this.size(key);
      if (size === null) return null;
      const contentType = await readFile(`${file}${TYPE_SUFFIX}`, 'utf8').catch(() => 'application/octet-stream');
      const body = range ? createReadStream(file, { start: range.start, end: range.end }) : createReadStream(file);
      return { body, size, contentType };
    },

    async size(key) {
      const info = await stat(fileOf(key)).catch(ignoreMissing);
      return info ? info.size : null;
    },

    async delete(key) {
      const file = fileOf(key);
      // The type first: a crash in between leaves a blob the orphan sweep can still find.
      await rm(`${file}${TYPE_SUFFIX}`, { force: true });
      await rm(file, { force: true });
    },

    async *list(prefix) {
      if (prefix) assertSafeKey(prefix);
      // Walk from the deepest folder every matching key is in.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      for await (const entry of walk(path.join(root, folder), folder)) {
        if (entry.key.startsWith(prefix)) yield entry;
      }
    },
  };
}

function ignoreMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}

function asStorageFull(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOSPC' || code === 'EDQUOT' ? new StorageFullError(`the disk is full (${code})`, { cause: error }) : error;
}
