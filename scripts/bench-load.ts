/**
 * npm run bench:load: 50 signed-in users for 60 s (BENCH_SECONDS) against one server on
 * loopback, on the embedded defaults (PGlite in DATA_DIR; PostgreSQL when TEST_DATABASE_URL
 * is set: a new database on that server, dropped at the end). Each user has STORIES_PER_USER
 * stories seeded (each with a recording) and loops over library first pages and story reads;
 * each user also uploads a short clip a minute (spread evenly), which the server's own pipeline
 * transcribes and writes through the fake OpenAI server (real uploads, instant engines). Prints throughput,
 * p50/p95/p99, errors and the server's memory before and after; then the same load on the
 * library's first page alone, and on a bare Fastify JSON route in the same process shape
 * (plain node, one route, no database), and the ratio of the two throughputs. The server runs
 * as npm start runs it (the built JavaScript, scripts/build/server.mjs) with its default log level.
 * The load comes from autocannon in this process; the server is a process of its own.
 * Figures, not pass/fail; the goals are printed beside them. BENCH_CPU_PROF=<folder> writes the
 * server's CPU profiles there (node --cpu-prof), to see where a request's time goes;
 * BENCH_SERVER_NODE_ARGS gives the server's node more options (e.g. --trace-gc).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SESSION_COOKIE } from '../server/auth/sessions.ts';
import { openDatabase } from '../server/db/client.ts';
import { startFakeOpenAi } from '../test/fakes/openai-server.ts';
import { scratchDatabase } from '../test/support/database.ts';
import { signedUpClient } from '../test/support/http-client.ts';
import { seeder } from '../test/support/seed.ts';
import { freePort, testModelsFolder } from '../test/support/server-process.ts';
import { CLIPS, REPO_ROOT } from '../test/support/shared-files.ts';

const USERS = 50;
const STORIES_PER_USER = Number(process.env.STORIES_PER_USER ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARM_UP_SECONDS = Math.min(5, SECONDS);
/** Requests a user makes in a row (one connection's turn as one user). */
const TURN = 25;
/** Each user records one short clip a minute, the uploads spread evenly over the run; the rest are library first pages and story reads in turn. */
const UPLOAD_EVERY_MS = 60_000 / USERS;
const DRAIN_TIMEOUT_MS = 300_000;
/** A request still unanswered after this counts as an error (long enough to measure a slow upload rather than drop it). */
const REQUEST_TIMEOUT_S = 60;
const GOALS = { p95: 50, p99: 250, ratio: process.env.TEST_DATABASE_URL ? 0.1 : 0.02 };
const SESSION_SECRET = 'bench-secret-that-is-long-enough-for-cookies-0123456789';

interface Child {
  url: string;
  process: ChildProcess;
  rssMb(): number;
  stop(): Promise<void>;
}

/** A node process on a free port, once `probe` answers. */
async function startChild(name: string, args: string[], env: Record<string, string>, logFile: string, probe = '/api/health'): Promise<Child> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} ended before it answered; see ${logFile}`);
    try {
      if ((await fetch(url + probe)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer within 90 s; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** A multipart upload of the short clip as a new story, as the recorder sends it. */
function uploadBody(): { body: Buffer; contentType: string } {
  const boundary = '----saaga-bench-load';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field('appLanguage', 'en') + field('contextType', 'new_story')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`),
    readFileSync(CLIPS.jfkMp3),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

interface User {
  cookie: string;
  storyIds: number[];
}

type Kind = 'library' | 'story' | 'upload' | 'bare';
interface Run {
  seconds: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** What the errors were: a status, or a timeout or connection error. */
  errorKinds: Map<string, number>;
  byKind: Map<Kind, { count: number; p95: number }>;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/** 50 connections for `seconds`, each looping over `requests`; latencies from every response. */
async function load(url: string, seconds: number, requests: autocannon.Request[], defaultKind: Kind): Promise<Run> {
  const times: number[] = [];
  const kinds = new Map<Kind, number[]>();
  let unexpected = 0;
  const errorKinds = new Map<string, number>();
  let instance!: autocannon.Instance;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ url, connections: USERS, duration: seconds, timeout: REQUEST_TIMEOUT_S, requests }, (error, result) => (error ? reject(error) : resolve(result)));
  });
  instance.on('response', (client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    // The connection's context still describes the request just answered (no pipelining; the next is built after this).
    const kind = (client as unknown as { requestIterator: { context: { kind?: Kind } } }).requestIterator.context.kind ?? defaultKind;
    if (!kinds.has(kind)) kinds.set(kind, []);
    kinds.get(kind)!.push(responseTime);
    if (statusCode >= 400) {
      unexpected += 1;
      errorKinds.set(`${kind} ${statusCode}`, (errorKinds.get(`${kind} ${statusCode}`) ?? 0) + 1);
    }
  });
  const result = await finished;
  if (result.timeouts) errorKinds.set(`timeouts (${REQUEST_TIMEOUT_S} s)`, result.timeouts);
  if (result.errors - result.timeouts > 0) errorKinds.set('connection errors', result.errors - result.timeouts);
  times.sort((a, b) => a - b);
  const byKind = new Map<Kind, { count: number; p95: number }>();
  for (const [kind, list] of kinds) byKind.set(kind, { count: list.length, p95: percentile(list.sort((a, b) => a - b), 95) });
  return {
    seconds,
    requests: times.length,
    perSecond: times.length / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    // autocannon counts a timeout among its errors too.
    errors: unexpected + result.errors,
    errorKinds,
    byKind,
  };
}

/** Waits until no user's first library page shows a story in processing, up to `timeoutMs`. */
async function untilWritten(url: string, users: User[], timeoutMs: number): Promise<{ processing: number; ms: number }> {
  const started = Date.now();
  for (;;) {
    let processing = 0;
    for (const user of users) {
      const stories = (await (await fetch(`${url}/api/stories`, { headers: { cookie: user.cookie } })).json()) as { processingStatus: string }[];
      processing += stories.filter((story) => story.processingStatus === 'processing').length;
    }
    const ms = Date.now() - started;
    if (processing === 0 || ms > timeoutMs) return { processing, ms };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
function report(label: string, run: Run) {
  console.log(
    `${label.padEnd(34)} ${Math.round(run.perSecond).toString().padStart(6)} requests/s  p50 ${ms(run.p50)}  p95 ${ms(run.p95)}  p99 ${ms(run.p99)}  ${run.errors} errors  (${run.requests} requests)`,
  );
  if (run.errorKinds.size > 0) console.log(`  errors: ${[...run.errorKinds].map(([what, n]) => `${n} ${what}`).join(', ')}`);
  if (run.byKind.size > 1) {
    for (const [kind, { count, p95 }] of run.byKind) console.log(`  ${kind.padEnd(8)} ${count.toString().padStart(7)} requests  p95 ${ms(p95)}`);
  }
}

async function main() {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const work = mkdtempSync(path.join(tmpdir(), 'saaga-bench-load-'));
  const dataDir = path.join(work, 'data');
  const modelsDir = testModelsFolder();
  const logFile = path.join(work, 'server.log');
  const scratch = onPostgres ? await scratchDatabase(process.env.TEST_DATABASE_URL!) : undefined;
  const fake = await startFakeOpenAi();
  const serverEnv = {
    DATA_DIR: dataDir,
    MODELS_DIR: modelsDir,
    SESSION_SECRET,
    OPENAI_API_KEY: fake.apiKey,
    OPENAI_BASE_URL: fake.baseUrl,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
  // What npm start runs (scripts/start.mjs, decision 024): the server built to JavaScript,
  // rebuilt when stale, in this very node process; the client is not needed here.
  const server = [
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : []),
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    '--input-type=module',
    '-e',
    "import { pathToFileURL } from 'node:url'; import { buildServer, builtServer, serverBuildStale } from './scripts/build/server.mjs'; " +
      "if (serverBuildStale()) await buildServer(); await import(pathToFileURL(builtServer('main')).href);",
  ];
  // The bare route: the same node and framework, one JSON route, nothing else.
  const bareRoute = [
    '--input-type=module',
    '-e',
    "import Fastify from 'fastify'; const app = Fastify(); app.get('/bare', async () => ({ hello: 'world' })); " +
      "await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });",
  ];
  try {
    // Accounts through the API (its password hashing and sessions), with room for 50 sign-ups from one address.
    let app = await startChild('the server', server, { ...serverEnv, LOGIN_RATE_LIMIT: '1000' }, logFile);
    const accounts: { id: string; cookie: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const { client, id } = await signedUpClient(app.url, `load-${i}@example.com`);
      accounts.push({ id, cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}` });
    }
    await app.stop();

    // Stories straight into the database while no server holds it (PGlite is one process's).
    const database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
    const seed = seeder(database.db);
    const users: User[] = [];
    for (const account of accounts) {
      const storyIds: number[] = [];
      for (let s = 0; s < STORIES_PER_USER; s++) {
        const story = await seed.story(account.id, { title: `Summer ${s + 1}`, content: 'We rowed across the lake every morning. '.repeat(40) });
        await seed.recording(account.id, { storyId: story.id });
        storyIds.push(story.id);
      }
      users.push({ cookie: account.cookie, storyIds });
    }
    await database.close();

    // The server as it runs by default, on the seeded database.
    app = await startChild('the server', server, serverEnv, logFile);
    const upload = uploadBody();
    let turns = 0;
    let issued = 0;
    type Context = { user?: User; kind?: Kind };
    const userOf = (context: Context) => (context.user ??= users[turns++ % users.length]);
    const build = (kind: Kind, request: autocannon.Request, context: Context): autocannon.Request => {
      const user = userOf(context);
      context.kind = kind;
      if (kind === 'upload') {
        return { ...request, method: 'POST', path: '/api/recordings', body: upload.body, headers: { cookie: user.cookie, 'content-type': upload.contentType } };
      }
      const path = kind === 'story' ? `/api/stories/${user.storyIds[issued % user.storyIds.length]}` : '/api/stories';
      return { ...request, method: 'GET', path, body: undefined, headers: { cookie: user.cookie } };
    };
    // Uploads come at an even pace over all connections (one user's clip a minute each),
    // not together; a turn's requests are one user's.
    let nextUploadAt = Infinity;
    const mixedRequest = {
      setupRequest: (request: autocannon.Request, context: Context) => {
        const now = performance.now();
        if (now >= nextUploadAt) {
          nextUploadAt += UPLOAD_EVERY_MS;
          return build('upload', request, context);
        }
        return build(issued++ % 2 === 0 ? 'library' : 'story', request, context);
      },
    };
    const turn = Array.from({ length: TURN }, () => mixedRequest);
    const libraryOnly = Array.from({ length: TURN }, () => ({
      setupRequest: (request: autocannon.Request, context: Context) => build('library', request, context),
    }));

    console.log(
      `bench:load on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${USERS} users (${STORIES_PER_USER} stories each), ${SECONDS} s per run, ` +
        `library first pages and story reads in turn, and each user uploads a ${Math.round(readFileSync(CLIPS.jfkMp3).length / 1024)} KiB clip (11 s) a minute`,
    );
    await load(app.url, WARM_UP_SECONDS, libraryOnly, 'library');
    const rssBefore = app.rssMb();
    nextUploadAt = performance.now() + UPLOAD_EVERY_MS / 2;
    const mixed = await load(app.url, SECONDS, turn, 'library');
    const rssAfter = app.rssMb();
    report('mixed load', mixed);
    console.log(`  server memory (RSS) ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after: ${(rssAfter - rssBefore >= 0 ? '+' : '')}${(rssAfter - rssBefore).toFixed(0)} MB`);
    console.log(`  goals: p95 <= ${GOALS.p95} ms, p99 <= ${GOALS.p99} ms, 0 errors`);
    // The uploads' stories are written by the server's pipeline meanwhile: let it finish before the next run.
    const drained = await untilWritten(app.url, users, DRAIN_TIMEOUT_MS);
    console.log(
      drained.processing === 0
        ? `  every uploaded story written ${(drained.ms / 1000).toFixed(1)} s after the load ended`
        : `  ${drained.processing} uploaded stories still processing ${DRAIN_TIMEOUT_MS / 1000} s after the load ended`,
    );
    const firstPage = await load(app.url, SECONDS, libraryOnly, 'library');
    report('library first page alone', firstPage);
    await app.stop();

    const bareServer = await startChild('the bare route', bareRoute, {}, logFile, '/bare');
    await load(bareServer.url, WARM_UP_SECONDS, [{ method: 'GET', path: '/bare' }], 'bare');
    const bareRun = await load(bareServer.url, SECONDS, [{ method: 'GET', path: '/bare' }], 'bare');
    await bareServer.stop();
    report('bare Fastify JSON route', bareRun);
    const ratio = firstPage.perSecond / bareRun.perSecond;
    console.log(`ratio (library first page / bare route): ${ratio.toFixed(3)} (1/${Math.round(1 / ratio)}); goal >= ${GOALS.ratio}`);
  } finally {
    await fake.close();
    await scratch?.drop();
    if (process.env.BENCH_KEEP) console.log(`server log and data kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
    rmSync(modelsDir, { recursive: true, force: true });
  }
}

await main();
