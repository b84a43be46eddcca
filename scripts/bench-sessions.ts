/**
 * npm run bench:sessions: requests per second of an authenticated call (GET /api/auth/user,
 * which reads nothing but the session) with the session cache off and on, against a server
 * on loopback on the embedded database (or on TEST_DATABASE_URL's PostgreSQL when set),
 * beside a public call that reads no database. The load comes from a worker thread
 * (CONCURRENCY keep-alive connections for DURATION_MS after a warm-up), so the server's
 * thread does nothing else. Figures, not pass/fail.
 */
import { Worker } from 'node:worker_threads';
import { signedUpClient } from '../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../test/support/test-app.ts';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5_000);
const WARM_UP_MS = 1_000;
const CONCURRENCY = 16;

async function signedInCookie(server: TestApp): Promise<string> {
  const { client } = await signedUpClient(server.url, 'bench@example.com');
  return `saaga_session=${client.cookie('saaga_session')}`;
}

// The load generator, in plain JavaScript for the worker: N loops of keep-alive GETs.
const LOAD = `
const http = require('node:http');
const { parentPort, workerData: { url, cookie, durationMs, concurrency } } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const get = () => new Promise((resolve, reject) => {
  const request = http.get(url, { agent, headers: { cookie } }, (response) => {
    response.resume();
    response.on('end', () => resolve(response.statusCode));
  });
  request.on('error', reject);
});
const end = Date.now() + durationMs;
let ok = 0, failed = 0;
const loop = async () => { while (Date.now() < end) { if ((await get()) === 200) ok++; else failed++; } };
const started = performance.now();
Promise.all(Array.from({ length: concurrency }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ perSecond: (ok + failed) / ((performance.now() - started) / 1000), failed });
});
`;

/** Requests per second of `url` with `cookie`, and how many answered otherwise than 200. */
function rate(url: string, cookie: string, durationMs: number): Promise<{ perSecond: number; failed: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD, { eval: true, workerData: { url, cookie, durationMs, concurrency: CONCURRENCY } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function measure(label: string, env: Record<string, string>, url: string, withSession = true) {
  const server = await startTestApp(env);
  try {
    const cookie = withSession ? await signedInCookie(server) : '';
    await rate(server.url + url, cookie, WARM_UP_MS);
    const { perSecond, failed } = await rate(server.url + url, cookie, DURATION_MS);
    console.log(`${label.padEnd(44)} ${Math.round(perSecond).toString().padStart(7)} requests/s  ${failed} errors`);
  } finally {
    await server.close();
  }
}

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`sessions on ${database}, ${CONCURRENCY} keep-alive connections, ${DURATION_MS / 1000} s each`);
await measure('GET /api/auth/providers  no cookie, no query', { SESSION_CACHE_SECONDS: '0' }, '/api/auth/providers', false);
await measure('GET /api/auth/user  session cache off', { SESSION_CACHE_SECONDS: '0' }, '/api/auth/user');
await measure('GET /api/auth/user  session cache on (5 s)', { SESSION_CACHE_SECONDS: '5' }, '/api/auth/user');
await measure('GET /api/auth/providers  session cache on', { SESSION_CACHE_SECONDS: '5' }, '/api/auth/providers');
await measure('GET /api/auth/providers  no cookie, no query', { SESSION_CACHE_SECONDS: '0' }, '/api/auth/providers', false);
