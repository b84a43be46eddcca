import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { untilUnreapedZombie } from '../../test/support/zombie.ts';
import { lockDataDir } from './data-dir-lock.ts';

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(path.join(tmpdir(), 'saaga-lock-'));
  folders.push(made);
  return made;
};
const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');
// A Node process that takes the lock, says so, and stays.
const holderScript = `const { lockDataDir } = await import(${JSON.stringify(lockModule)}); lockDataDir(process.argv[1]); console.log('locked'); setInterval(() => {}, 60_000);`;
const holderCommand = (dir: string) => [process.execPath, '--import', 'tsx', '--input-type=module', '-e', holderScript, dir];

const children: ChildProcess[] = [];
const grandchildren: number[] = [];
afterEach(() => {
  for (const pid of grandchildren.splice(0)) killIfThere(pid);
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

function killIfThere(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Starts `command`, resolving with its output once `ready` holds for it; fails after 20 s. */
function startUntil(command: string[], ready: (output: string) => boolean): Promise<{ child: ChildProcess; output: string }> {
  const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`not ready after 20 s: ${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (ready(output)) {
        clearTimeout(timer);
        resolve({ child, output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`exited with ${code} before it was ready: ${output}`)));
  });
}

it('lets one holder at a time have the folder, and the next one in after release', () => {
  const dir = folder();
  const release = lockDataDir(dir);
  expect(() => lockDataDir(dir)).toThrow(/Another Saaga server \(pid \d+\) is using the database/);
  release();
  const again = lockDataDir(dir);
  again();
});

it('refuses a folder held by another live process, naming it', { timeout: 30_000 }, async () => {
  const dir = folder();
  const { child } = await startUntil(holderCommand(dir), (output) => output.includes('locked'));
  expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${child.pid}\\)`));
});

it.skipIf(process.platform !== 'linux')(
  'takes the folder at once from a holder killed with SIGKILL, even while the dead process is an unreaped zombie',
  { timeout: 30_000 },
  async () => {
    const dir = folder();
    // The holder runs under a shell that then becomes `sleep`, which never reaps it.
    const script = `"$@" & echo "holder $!"; exec sleep 60`;
    const { output } = await startUntil(['sh', '-c', script, 'sh', ...holderCommand(dir)], (out) => /holder \d+/.test(out) && out.includes('locked'));
    const holder = Number(/holder (\d+)/.exec(output)![1]);
    grandchildren.push(holder);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${holder}\\)`));

    process.kill(holder, 'SIGKILL');
    await untilUnreapedZombie(holder);

    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'saaga.lock'), 'utf8')).toBe(String(process.pid));
    release();
  },
);
