import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.ts';

/**
 * The embedded database is one process's: a second server on the same folder would
 * corrupt it. The lock names the owner's pid; a lock left by a process that died
 * (a crash, SIGKILL) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'saaga.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new ConfigError(`Another Saaga server (pid ${owner}) is using the database in ${dir}. Stop it, or set DATA_DIR to another folder.`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
