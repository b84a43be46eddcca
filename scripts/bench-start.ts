/**
 * npm run bench:start: how long `npm start` takes until GET /api/health answers, and how
 * much memory the whole process tree (npm, node and anything they start) holds after 10 s
 * of idling, on the embedded defaults: PGlite in a new DATA_DIR, local engines on the
 * test-size models (so nothing is downloaded), no OpenAI key.
 *
 * Two starts on the same DATA_DIR: the first creates the database (a first start after
 * install, which may also build the client or the server when they are stale), the second
 * is an ordinary start. Memory is summed over the second one's tree. The CPU time the tree
 * used until the answer is printed beside the wall time: on a busy machine it is the steadier figure.
 * `npm run bench:start -- <folder>` measures the checkout in <folder> instead of this one.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, testModelsFolder } from '../test/support/server-process.ts';
import { REPO_ROOT } from '../test/support/shared-files.ts';

const IDLE_MS = 10_000;
const START_TIMEOUT_MS = 300_000;
const MB = 1024 * 1024;
const checkout = path.resolve(process.argv[2] ?? REPO_ROOT);
const work = mkdtempSync(path.join(tmpdir(), 'saaga-bench-start-'));

interface ProcessRow { pid: number; ppid: number; rssKb: number; command: string }

/** Every process under `root` (itself included), from one `ps` listing. */
function processTree(root: number): ProcessRow[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [pid, ppid, rss, ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), rssKb: Number(rss), command: args.join(' ') };
    });
  const tree: ProcessRow[] = [];
  const visit = (pid: number) => {
    for (const row of rows.filter((r) => r.pid === pid)) tree.push(row);
    for (const row of rows.filter((r) => r.ppid === pid)) visit(row.pid);
  };
  visit(root);
  return tree;
}

/** CPU time (user and system, children that ended included) of every process under `root`, in ms. */
function cpuMs(root: number): number {
  let ticks = 0;
  for (const { pid } of processTree(root)) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    } catch {
      // Ended meanwhile.
    }
  }
  return ticks * 10;
}

async function start(dataDir: string, modelsDir: string): Promise<{ child: ChildProcess; ms: number; cpuMs: number; output: () => string }> {
  const port = await freePort();
  const began = performance.now();
  // Its own process group, so that the whole tree can be ended at once.
  const child = spawn('npm', ['start'], {
    cwd: checkout,
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: '',
      OPENAI_API_KEY: '',
      DATA_DIR: dataDir,
      MODELS_DIR: modelsDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  let ended = false;
  child.on('exit', () => (ended = true));
  for (;;) {
    if (ended) throw new Error(`npm start ended before it answered:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      await response.arrayBuffer();
      return { child, ms: performance.now() - began, cpuMs: cpuMs(child.pid!), output: () => output };
    } catch {
      // Not listening yet.
    }
    if (performance.now() - began > START_TIMEOUT_MS) throw new Error(`no answer within ${START_TIMEOUT_MS} ms:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  const killed = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(killed);
  // The server may outlive npm by a moment while it closes the database.
  for (let i = 0; i < 150 && processGroupAlive(child.pid!); i++) await new Promise((resolve) => setTimeout(resolve, 100));
}

function processGroupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/** What a start built first (npm start builds the client and the server when they are stale). */
function built(output: string): string {
  const builds = output.match(/^Building the \w+/gm) ?? [];
  return builds.length ? ` (${builds.map((b) => b.replace('Building the ', '')).join(' and ')} built first)` : '';
}

async function main() {
  const dataDir = path.join(work, 'data');
  const modelsDir = testModelsFolder();
  console.log(`npm start in ${checkout} (PGlite in a new DATA_DIR, local engines, test-size models)`);
  try {
    const first = await start(dataDir, modelsDir);
    console.log(`first start (new database)   ${Math.round(first.ms)} ms to /api/health, ${first.cpuMs} ms of CPU${built(first.output())}`);
    await stop(first.child);

    const second = await start(dataDir, modelsDir);
    console.log(`start                        ${Math.round(second.ms)} ms to /api/health, ${second.cpuMs} ms of CPU${built(second.output())}`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const tree = processTree(second.child.pid!);
    const total = tree.reduce((sum, row) => sum + row.rssKb, 0);
    for (const row of tree) console.log(`  ${String(Math.round(row.rssKb / 1024)).padStart(5)} MB  ${row.command.slice(0, 90)}`);
    console.log(`idle after ${IDLE_MS / 1000} s             ${Math.round((total * 1024) / MB)} MB RSS in ${tree.length} processes`);
    await stop(second.child);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
