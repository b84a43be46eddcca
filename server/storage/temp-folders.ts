import { readdirSync, rmSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Temporary folders of this process (an upload spooled to disk, a recording decoded, a
 * blob copied from S3): named `saaga-<kind>-<pid>-…`, so the start of a later process can
 * tell a dead one's from a live one's. The folders still here when the process exits, however
 * it exits (a shutdown cutting a request off, an error), are removed then; those of a
 * process that was killed (SIGKILL, a crash of the machine) at the next start (sweepStaleTempFolders).
 */
const live = new Set<string>();
/** Every kind of temporary folder Saaga makes (kept-decodes.ts keeps its own `decoded` folder by the same rule). */
const KINDS = ['upload', 'decode', 'blob', 'narration', 'export', 'decoded', 'import'] as const;
export type TempFolderKind = (typeof KINDS)[number];
/** A folder with no pid in its name (made by an earlier version), or whose pid is another live process's, goes after this long. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

let hooked = false;

/** A new temporary folder of this process; `remove` it when done (it goes at exit otherwise). */
export async function makeTempFolder(kind: Exclude<TempFolderKind, 'decoded'>): Promise<{ dir: string; remove(): Promise<void> }> {
  if (!hooked) {
    hooked = true;
    process.on('exit', removeLiveTempFolders);
  }
  const dir = await mkdtemp(path.join(tmpdir(), `${prefix(kind)}${process.pid}-`));
  live.add(dir);
  return {
    dir,
    async remove() {
      await rm(dir, { recursive: true, force: true });
      live.delete(dir);
    },
  };
}

/** Removes this process's temporary folders now (at exit; synchronous, as an exit hook must be). */
export function removeLiveTempFolders(): void {
  for (const dir of live) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Only tidying: the start of the next process sweeps what is left.
    }
  }
  live.clear();
}

/**
 * Removes temporary folders that no live process of Saaga uses: those of a process that is
 * gone, and any older than a day. `atStart`, before this process made any, those named
 * with its own pid too: a container started again gives its process the same pid.
 * Answers how many were removed.
 */
export function sweepStaleTempFolders(options: { kinds?: readonly TempFolderKind[]; atStart?: boolean } = {}): number {
  const { kinds = KINDS, atStart = false } = options;
  const now = Date.now();
  let removed = 0;
  try {
    for (const name of readdirSync(tmpdir())) {
      const kind = kinds.find((k) => name.startsWith(prefix(k)));
      if (!kind) continue;
      const dir = path.join(tmpdir(), name);
      if (live.has(dir) || !isStale(name.slice(prefix(kind).length), dir, now, atStart)) continue;
      rmSync(dir, { recursive: true, force: true });
      removed += 1;
    }
  } catch {
    // Only tidying: a folder left stays until the system clears its temporary files.
  }
  return removed;
}

function isStale(rest: string, dir: string, now: number, atStart: boolean): boolean {
  const pid = Number(/^(\d+)-/.exec(rest)?.[1]);
  if (pid && (pid === process.pid ? atStart : !isAlive(pid))) return true;
  try {
    return now - statSync(dir).mtimeMs > MAX_AGE_MS;
  } catch {
    return false;
  }
}

const prefix = (kind: TempFolderKind) => `saaga-${kind}-`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
