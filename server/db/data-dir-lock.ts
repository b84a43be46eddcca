import { closeSync, constants, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { flockSync } from 'fs-ext';
import { ConfigError } from '../config.ts';

/**
 * Holds the embedded database's folder for this process: a second server on the same
 * folder would corrupt it. The hold is an advisory lock (flock) on DATA_DIR/saaga.lock,
 * which the operating system lets go of the moment its process dies, SIGKILL included:
 * a restart never waits for a dead server, its zombie or a pid the system reused. The file
 * also names the holder's pid, for the refusal message only. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'saaga.lock');
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
  try {
    flockSync(fd, 'exnb');
  } catch (error) {
    closeSync(fd);
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EAGAIN' && code !== 'EWOULDBLOCK') throw error;
    const owner = readFileSync(file, 'utf8').trim();
    throw new ConfigError(
      `Another Saaga server${owner ? ` (pid ${owner})` : ''} is using the database in ${dir}. Stop it, or set DATA_DIR to another folder.`,
    );
  }
  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  let held = true;
  // The file stays: removing it would let a starter that opened the old file and one that
  // creates a new one both hold "the" lock.
  return () => {
    if (!held) return;
    held = false;
    flockSync(fd, 'un');
    closeSync(fd);
  };
}
