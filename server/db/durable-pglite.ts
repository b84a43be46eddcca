import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite 0.5 on a folder is not durable as shipped: it starts postgres with `-F` (fsync
 * off), its emulated fdatasync does nothing, and its NODEFS has no fsync, so a committed
 * row can sit in the page cache when the power goes. Here postgres runs with fsync on,
 * flushes the WAL with fsync(), and fsync() reaches the disk. Cost and reasons:
 * docs/decisions/006-durable-embedded-database.md.
 */
export const DURABLE_START_PARAMS = [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];

interface EmscriptenStream {
  nfd?: number;
}
interface NodeFsType {
  stream_ops: { fsync?: (stream: EmscriptenStream) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/** NODEFS with an fsync that is the host's: what postgres syncs is on the disk when it returns. */
class SyncingNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const result = await super.init(...args);
    const preRun = result.emscriptenOpts.preRun ?? [];
    preRun.push((mod) => {
      const nodefs = ((mod as unknown as { NODEFS?: NodeFsType }).NODEFS ?? (mod.FS as any).filesystems?.NODEFS) as NodeFsType;
      nodefs.stream_ops.fsync = (stream) => {
        // `fs.fsyncSync`, looked up at each call, so a test can see the calls.
        if (stream.nfd !== undefined) nodefs.tryFSOperation(() => fs.fsyncSync(stream.nfd!));
        return 0;
      };
    });
    result.emscriptenOpts.preRun = preRun;
    return result;
  }
}

/** PGlite options for a durable database in `dir`. */
export function durablePgliteOptions(dir: string): PGliteOptions {
  return { fs: new SyncingNodeFS(dir), startParams: DURABLE_START_PARAMS };
}

/**
 * Flushes every file and folder under `dir` to the disk. PGlite writes a new cluster
 * without syncing it; postgres syncs only what it writes itself later.
 */
export function syncFolder(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) syncFolder(path.join(dir, entry.name));
    else if (entry.isFile()) syncPath(path.join(dir, entry.name));
  }
  syncPath(dir);
}

function syncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
