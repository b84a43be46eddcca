/**
 * npm run bench:upload-memory: the peak memory of a real server (`server/main.ts` in its
 * own process, embedded database, local engines on the test-size models) while it takes
 * uploads that decode to hours of audio, and while its worker decodes the ones it keeps.
 * Figures, not pass/fail: the goal is a server under 1 GB through all of it.
 *
 * Phases: four parallel three-hour silent WebM uploads (refused: longer than the limit),
 * one three-hour silent FLAC of about 2 MB (refused), then four parallel silent WebM
 * recordings of BENCH_JOB_MINUTES (default 20) that are stored and transcribed: the job
 * decodes each and the VAD finds no speech. Peak RSS of the server process and of its
 * ffmpeg children is sampled every 50 ms; VmHWM is the kernel's own peak of the server,
 * reset once it has started so that start-up (migrations, pg-boss) is shown apart.
 * With DATABASE_URL set the server uses that PostgreSQL instead of the embedded database,
 * which shows the server's own memory without PGlite's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RECORDING_LIMITS } from '../contract/recording-limits.ts';
import { runFfmpeg } from '../server/audio/ffmpeg.ts';
import { type HttpClient, signedUpClient, uploadForm } from '../test/support/http-client.ts';
import { freePort, testModelsFolder } from '../test/support/server-process.ts';
import { REPO_ROOT } from '../test/support/shared-files.ts';
import { peakWhile, rssOf } from './bench-memory.ts';

const JOB_MINUTES = Number(process.env.BENCH_JOB_MINUTES ?? 20);
const PARALLEL = 4;
const MB = 1024 * 1024;
const work = mkdtempSync(path.join(tmpdir(), 'saaga-bench-memory-'));

async function ffmpeg(args: string[]): Promise<void> {
  const result = await runFfmpeg(['-v', 'error', '-y', ...args], { timeoutMs: 600_000 });
  if (result.exitCode !== 0) throw new Error(`ffmpeg ${args.join(' ')}: ${result.stderr}`);
}

/** Silent opus WebM of `minutes`, made from ten encoded minutes copied over and over (encoding hours takes long). */
async function silentWebm(minutes: number, name: string): Promise<string> {
  const block = path.join(work, 'silence-10min.webm');
  await ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', '600', '-c:a', 'libopus', '-b:a', '16k', block]);
  const out = path.join(work, name);
  await ffmpeg(['-stream_loop', String(Math.ceil(minutes / 10) - 1), '-i', block, '-t', String(minutes * 60), '-c', 'copy', out]);
  return out;
}

async function silentFlac(minutes: number, name: string): Promise<string> {
  const out = path.join(work, name);
  await ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', String(minutes * 60), out]);
  return out;
}

async function startServer(): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(path.join(work, 'data-')),
      MODELS_DIR: testModelsFolder(),
      SESSION_SECRET: 'bench-secret-that-is-long-enough-for-cookies-0123456789',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      AI_THREADS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended before it answered:\n${output}`);
    if (await fetch(`${url}/api/health`).then(() => true, () => false)) return { url, child, output: () => output };
    if (Date.now() > deadline) throw new Error(`the server did not answer within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitForJobs(client: HttpClient, ids: number[], timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const statuses = await Promise.all(ids.map(async (id) => (await (await client.get(`/api/recordings/${id}/status`)).json()).processingStatus as string));
    if (statuses.every((s) => s === 'transcribed' || s === 'failed')) return statuses;
    if (Date.now() > deadline) throw new Error(`jobs still ${statuses.join(', ')} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function main() {
  console.log(`Preparing files in ${work} (three-hour WebM and FLAC, ${JOB_MINUTES}-minute WebM)...`);
  const [threeHourWebm, threeHourFlac, jobWebm] = await Promise.all([
    silentWebm(180, 'silent-3h.webm'),
    silentFlac(180, 'silent-3h.flac'),
    silentWebm(JOB_MINUTES, `silent-${JOB_MINUTES}min.webm`),
  ]);
  const size = (file: string) => `${(readFileSync(file).length / MB).toFixed(1)} MB`;

  const server = await startServer();
  const pid = server.child.pid!;
  const rows: string[][] = [];
  try {
    const { client } = await signedUpClient(server.url, 'bench@example.com');
    // Start-up has its own peak; from here on VmHWM counts the uploads alone.
    const startupPeak = rssOf(pid, 'VmHWM');
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const idle = await peakWhile(pid, () => new Promise((resolve) => setTimeout(resolve, 3000)));
    const send = (file: string) =>
      uploadForm(client, '/api/recordings', { appLanguage: 'en' }, { bytes: readFileSync(file), filename: path.basename(file) }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
    const row = (phase: string, what: string, answers: string, peak: { server: number; children: number; seconds: number }) =>
      rows.push([
        phase, what, answers,
        (peak.server / MB).toFixed(0), `${peak.server >= idle.server ? '+' : ''}${((peak.server - idle.server) / MB).toFixed(0)}`,
        (peak.children / MB).toFixed(0), peak.seconds.toFixed(1),
      ]);

    const refusedWebm = await peakWhile(pid, () => Promise.all(Array.from({ length: PARALLEL }, () => send(threeHourWebm))));
    row(`${PARALLEL} parallel uploads`, `3 h silent WebM, ${size(threeHourWebm)}`, refusedWebm.result.map((r) => r.status).join(' '), refusedWebm);

    const refusedFlac = await peakWhile(pid, () => send(threeHourFlac));
    row('1 upload', `3 h silent FLAC, ${size(threeHourFlac)}`, String(refusedFlac.result.status), refusedFlac);

    const kept = await peakWhile(pid, async () => {
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => send(jobWebm)));
      const ids = answers.filter((a) => a.status === 201).map((a) => a.body.recording.id as number);
      const statuses = await waitForJobs(client, ids, 30 * 60_000);
      return { answers, statuses };
    });
    row(
      `${PARALLEL} parallel uploads and their jobs`,
      `${JOB_MINUTES} min silent WebM, ${size(jobWebm)}`,
      `${kept.result.answers.map((a) => a.status).join(' ')} -> ${kept.result.statuses.join(' ')}`,
      kept,
    );

    console.log(`\nDatabase: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}; longest recording ${RECORDING_LIMITS.maxDurationSeconds / 3600} h`);
    console.log(`Server start-up peak RSS: ${(startupPeak / MB).toFixed(0)} MB; idle after start: ${(idle.server / MB).toFixed(0)} MB\n`);
    const header = ['phase', 'audio', 'answers', 'server peak MB', 'over idle', 'ffmpeg peak MB', 'seconds'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    for (const line of [header, ...rows]) console.log(line.map((cell, i) => cell.padEnd(widths[i])).join('  '));
    console.log(`\nServer peak RSS from the first upload to the last job (VmHWM): ${(rssOf(pid, 'VmHWM') / MB).toFixed(0)} MB`);
  } finally {
    if (server.child.exitCode === null) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
