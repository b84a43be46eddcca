/**
 * npx tsx scripts/bench-db-wait.ts: how long a trivial call waits while the embedded
 * database (PGlite, on the server's one thread) works for someone else (decision 024).
 *
 * The built server (dist/server/main.js, built first) in its own process on a
 * PGlite folder holding 5,000 stories with 20,000 recordings for one user. One client asks
 * for the heavy call over and over while another asks for a trivial one, each alone first:
 * - GET /api/live: signed in (a cached session), no database;
 * - GET /api/health: one `select 1`, which waits for the database like any query would.
 * Heavy calls: the library's first page (GET /api/stories) and a search (GET /api/search).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/client.ts';
import { recordings, stories } from '../server/db/schema.ts';
import { HttpClient, signedUpClient } from '../test/support/http-client.ts';
import { freePort, testModelsFolder } from '../test/support/server-process.ts';
import { REPO_ROOT } from '../test/support/shared-files.ts';
import { benchRecordingRow, benchStoryRow } from './bench-library-rows.ts';

const STORIES = Number(process.env.BENCH_STORIES ?? 5000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CHUNK = 500;
const work = mkdtempSync(path.join(tmpdir(), 'saaga-bench-db-wait-'));
const dataDir = path.join(work, 'data');
// The test-size models under their default names: nothing is downloaded.
const modelsDir = testModelsFolder();
const env = {
  ...process.env,
  DATABASE_URL: '',
  OPENAI_API_KEY: '',
  DATA_DIR: dataDir,
  MODELS_DIR: modelsDir,
  SESSION_SECRET: 'bench-secret-that-is-long-enough-for-cookies-0123456789',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '100000',
};

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'dist', 'server', 'main.js')], {
    cwd: REPO_ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await fetch(`${url}/api/health`);
      return { url, child };
    } catch {
      if (Date.now() > deadline) throw new Error('the server did not answer within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** 5,000 stories, four recordings each, for `userId`, written while no server holds the folder. */
async function seed(userId: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  for (let i = 0; i < STORIES; i += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, STORIES - i) }, (_, j) => benchStoryRow(userId, i + j));
    const ids = await database.db.insert(stories).values(rows).returning({ id: stories.id });
    await database.db.insert(recordings).values(
      ids.flatMap(({ id }) =>
        Array.from({ length: 4 }, (_, orderIndex) => benchRecordingRow(userId, id, orderIndex)),
      ),
    );
  }
  await database.close();
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  return `median ${at(0.5).padStart(6)} ms   p95 ${at(0.95).padStart(6)} ms   max ${sorted.at(-1)!.toFixed(1).padStart(6)} ms`;
}

async function timed(client: HttpClient, url: string): Promise<number> {
  const start = performance.now();
  const response = await client.get(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - start;
}

async function alone(client: HttpClient, url: string): Promise<number[]> {
  await timed(client, url);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await timed(client, url));
  return times;
}

/** The trivial call's times while another client repeats the heavy one without a pause. */
async function behind(heavyClient: HttpClient, heavy: string, client: HttpClient, trivial: string): Promise<{ trivial: number[]; heavy: number[] }> {
  let running = true;
  const heavyTimes: number[] = [];
  const loop = (async () => {
    while (running) heavyTimes.push(await timed(heavyClient, heavy));
  })();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    // A pause of 0-5 ms, so that the trivial call lands anywhere in the heavy one.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    times.push(await timed(client, trivial));
  }
  running = false;
  await loop;
  return { trivial: times, heavy: heavyTimes };
}

async function main() {
  // The server as `npm start` runs it, built from this checkout's sources.
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build', 'server.mjs')], { stdio: 'inherit' });
  let server = await startServer();
  const user = { id: (await signedUpClient(server.url, 'bench@example.com')).id };
  await stopServer(server.child);
  const seedStart = performance.now();
  await seed(user.id);
  console.log(`seeded ${STORIES} stories and ${STORIES * 4} recordings in a PGlite folder in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  server = await startServer();
  // The server vacuums the folder 15 s after opening it (decision 024): measured after that.
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  try {
    const signIn = async () => {
      const client = new HttpClient(server.url);
      const response = await client.post('/api/auth/local/sign-in', { email: 'bench@example.com', password: 'long enough password' });
      if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
      return client;
    };
    const [heavyClient, client] = [await signIn(), await signIn()];
    const heavies = { 'GET /api/stories (first page)': '/api/stories', 'GET /api/search?q=lake': '/api/search?q=lake' };
    const trivials = { 'GET /api/live': '/api/live', 'GET /api/health': '/api/health' };

    console.log(`\n${REQUESTS} sequential requests each, alone:`);
    for (const [name, url] of Object.entries({ ...heavies, ...trivials })) console.log(`${name.padEnd(32)} ${summary(await alone(client, url))}`);
    for (const [heavyName, heavy] of Object.entries(heavies)) {
      console.log(`\nwhile another client repeats ${heavyName}:`);
      for (const [name, url] of Object.entries(trivials)) {
        const result = await behind(heavyClient, heavy, client, url);
        console.log(`${name.padEnd(32)} ${summary(result.trivial)}   (the heavy call meanwhile: ${summary(result.heavy)})`);
      }
    }
  } finally {
    await stopServer(server.child);
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
