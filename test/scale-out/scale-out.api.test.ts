import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { paginateListObjectsV2, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { type FakeOpenAi, type Hold, sampleFromSchema, startFakeOpenAi } from '../fakes/openai-server.ts';
import { scratchDatabase, type ScratchDatabase } from '../support/database.ts';
import { HttpClient, signedUpClient } from '../support/http-client.ts';
import { waitFor } from '../support/pipeline.ts';
import { type ServerProcess, spawnServer, testModelsFolder } from '../support/server-process.ts';
import { CLIPS, REPO_ROOT } from '../support/shared-files.ts';
import { until, waitWhileMoving } from '../support/wait-for.ts';

// Saaga scaled out on the parts the design names, each a process of its own: two API servers
// (WORKER=off) and two `npm run worker` processes on one PostgreSQL database and one S3 store
// (s3rver, in this process), the AI behind the fake OpenAI server. One worker is SIGKILLed in
// the middle of a job; the other finishes everything once the dead one's lease has expired.
const USERS = 10;
const RECORDINGS_PER_USER = 5;
const RECORDINGS = USERS * RECORDINGS_PER_USER;
const BUCKET = 'saaga-audio';
/** Transcriptions the doomed worker answers before its next ones hang (so it dies mid-job, having done real work). */
const ANSWERED_BEFORE_HANG = 2;
/**
 * A dead worker's work is taken over once its lease expires (server/jobs/leases.ts, 15 s, not
 * renewed after death) and the survivor's next recovery pass runs (as often, workers.ts): at
 * most about 30 s after the kill. Until then the survivor works through the rest, for as long
 * as the machine takes, so the wait fails only when no story has settled for this long.
 */
const TAKEN_OVER_MS = 50_000;
/** All fifty on one worker, on a machine busy with other test files. */
const SETTLED_MS = 240_000;
/** The session cache (SESSION_CACHE_SECONDS, 5 s by default), with room for a loaded machine. */
const SIGNED_OUT_EVERYWHERE_MS = 10_000;
const STARTED_MS = 60_000;

/** `npm run worker` as a process group of its own, so a SIGKILL reaches every process it started. */
interface WorkerProcess {
  readonly child: ChildProcess;
  output(): string;
  readonly exited: Promise<void>;
  /** SIGKILLs the whole group and waits until none of its processes is left. */
  kill(): Promise<void>;
}

/** Runs package.json's `worker` script as npm would (sh -c with node_modules/.bin on PATH), read now so it stays what npm runs. */
function spawnWorker(env: Record<string, string>): WorkerProcess {
  const command: string = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).scripts.worker;
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn('sh', ['-c', command], {
    cwd: REPO_ROOT,
    detached: true,
    env: { ...inherited, PATH: `${path.join(REPO_ROOT, 'node_modules', '.bin')}:${process.env.PATH}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    child,
    exited,
    output: () => output,
    async kill() {
      if (groupAlive()) process.kill(-child.pid!, 'SIGKILL');
      await exited;
      // Its children were reparented when sh died: wait until init has reaped them too.
      await until(() => !groupAlive(), 10_000, `worker process group ${child.pid} gone after SIGKILL`);
    },
  };
}

/** Story replies numbered in the order the fakes answer them: a story written twice would show a second number. */
let storiesWritten = 0;
function answerChats(fake: FakeOpenAi) {
  fake.setTranscript('We spent every summer at the lake, swimming until dark.');
  fake.setChatReply((request) =>
    request.schemaName === 'story'
      ? { title: `Summer ${++storiesWritten}`, content: 'We spent every summer at the lake.', people: [], locations: [], dates: [], storyType: 'other' }
      : sampleFromSchema(request.schema),
  );
}

/** Requests the fakes answered (a request held when its worker died never was). */
const answered = (fakes: FakeOpenAi[], endpoint: 'transcriptions' | 'chat', schema?: string) =>
  fakes.flatMap((f) => f.requestsTo(endpoint)).filter((r) => r.status === 200 && (!schema || r.json?.response_format?.json_schema?.name === schema));

describe.skipIf(!process.env.TEST_DATABASE_URL)('two API servers and two workers on one PostgreSQL and one S3', () => {
  let database: ScratchDatabase;
  let sql: pg.Client;
  let s3server: S3rver;
  let s3Dir: string;
  let s3Endpoint: string;
  /** The doomed worker's own fake (so its requests can be held) and everyone else's. */
  let doomedFake: FakeOpenAi;
  let fake: FakeOpenAi;
  let hang: Hold;
  const servers: ServerProcess[] = [];
  const workers: WorkerProcess[] = [];
  let modelsDir: string;

  beforeAll(async () => {
    database = await scratchDatabase(process.env.TEST_DATABASE_URL!);
    s3Dir = mkdtempSync(path.join(tmpdir(), 'saaga-s3-'));
    s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    s3Endpoint = `http://127.0.0.1:${(await s3server.run()).port}`;
    [doomedFake, fake] = await Promise.all([startFakeOpenAi({ apiKey: 'sk-doomed-worker' }), startFakeOpenAi()]);
    for (const f of [doomedFake, fake]) answerChats(f);
    let doomedAnswered = 0;
    hang = doomedFake.hold('transcriptions', () => ++doomedAnswered > ANSWERED_BEFORE_HANG);
    modelsDir = testModelsFolder();

    const shared = {
      DATABASE_URL: database.url,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SESSION_SECRET: 'test-secret-that-is-long-enough-for-cookies-0123456789',
      MODELS_DIR: modelsDir,
      LOG_LEVEL: 'warn',
    };
    const ai = (f: FakeOpenAi) => ({ OPENAI_API_KEY: f.apiKey, OPENAI_BASE_URL: f.baseUrl });
    // The first server migrates the new database; the others start on it together.
    servers.push(await spawnServer({ ...shared, ...ai(fake), WORKER: 'off' }));
    await servers[0].serving();
    servers.push(await spawnServer({ ...shared, ...ai(fake), WORKER: 'off' }));
    workers.push(spawnWorker({ ...shared, ...ai(doomedFake), LOG_LEVEL: 'info' }), spawnWorker({ ...shared, ...ai(fake), LOG_LEVEL: 'info' }));
    await Promise.all([
      servers[1].serving(),
      ...workers.map((w) =>
        waitFor(async () => w.output() + (w.child.exitCode === null ? '' : `\nexited with ${w.child.exitCode}`), (out) => /worker running|exited with/.test(out), STARTED_MS).then((out) =>
          expect(out, 'the worker started').not.toMatch(/exited with/)),
      ),
    ]);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    for (const server of servers) await server.stop();
    for (const worker of workers) await worker.kill();
    await doomedFake?.close();
    await fake?.close();
    await s3server?.close();
    if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
    if (modelsDir) rmSync(modelsDir, { recursive: true, force: true });
    await database?.drop();
    // Every refusal would be a request the app got wrong.
    expect([...doomedFake.refused, ...fake.refused, ...doomedFake.errors, ...fake.errors]).toEqual([]);
  }, 60_000);

  it('writes every story exactly once and keeps every recording in S3 when a worker dies mid-job', { timeout: 360_000 }, async () => {
    const audio = readFileSync(CLIPS.jfkMp3);
    // Each user signs up on one server and uploads through both, in turn.
    const users = await Promise.all(
      Array.from({ length: USERS }, (_, u) => signedUpClient(servers[u % 2].url, `scale-${u}@example.com`).then(({ client }) => client)),
    );
    const uploads = await Promise.all(
      users.map(async (client, u) => {
        const done: { recordingId: number; storyId: number }[] = [];
        for (let i = 0; i < RECORDINGS_PER_USER; i++) {
          const server = servers[(u + i) % 2];
          const form = new FormData();
          form.append('appLanguage', 'en');
          form.append('contextType', 'new_story');
          form.append('audio', new Blob([new Uint8Array(audio)], { type: 'audio/mpeg' }), 'recording.mp3');
          // The page's origin is the server's own (behind a proxy, every server has the same one).
          const response = await client.request('POST', `${server.url}/api/recordings`, form, { origin: server.url });
          expect(response.status, await response.clone().text()).toBe(201);
          const { recording, story } = await response.json();
          done.push({ recordingId: recording.id, storyId: story.id });
        }
        return done;
      }),
    );
    expect(uploads.flat()).toHaveLength(RECORDINGS);

    // The doomed worker has done real work and is now in the middle of a transcription.
    // (Its earlier answers may still be on their way when the next request is held.)
    await waitFor(
      async () => ({ held: hang.waiting, answered: answered([doomedFake], 'transcriptions').length }),
      (n) => n.held >= 1 && n.answered === ANSWERED_BEFORE_HANG,
      30_000,
    );
    const [doomed, survivor] = workers;
    await doomed.kill();

    const settled = await waitWhileMoving(
      async () => (await sql.query(`select count(*)::int as n from stories where processing_status <> 'processing'`)).rows[0].n as number,
      (n) => n === RECORDINGS,
      { stalledMs: TAKEN_OVER_MS, timeoutMs: SETTLED_MS, what: 'every story settled' },
    );
    expect(settled).toBe(RECORDINGS);
    expect(survivor.child.exitCode, survivor.output()).toBeNull();

    // Every recording transcribed, each in a story of its own, every story written.
    const { rows: recordings } = await sql.query(
      `select r.id, r.processing_status, r.story_id, r.audio_key, s.processing_status as story_status, s.title
         from recordings r join stories s on s.id = r.story_id order by r.id`,
    );
    expect(recordings).toHaveLength(RECORDINGS);
    expect(recordings.every((r) => r.processing_status === 'transcribed' && r.story_status === 'generated'), JSON.stringify(recordings)).toBe(true);
    expect(new Set(recordings.map((r) => r.story_id)).size).toBe(RECORDINGS);
    expect(recordings.map((r) => r.story_id).sort()).toEqual(uploads.flat().map((u) => u.storyId).sort());

    // Written exactly once: one answered story request per story, and each story holds a different one.
    expect(answered([doomedFake, fake], 'chat', 'story')).toHaveLength(RECORDINGS);
    expect(new Set(recordings.map((r) => r.title)).size).toBe(RECORDINGS);
    // Transcribed exactly once: the cut-off transcriptions were never answered and were done again.
    expect(answered([doomedFake, fake], 'transcriptions')).toHaveLength(RECORDINGS);
    expect(hang.waiting).toBeGreaterThanOrEqual(1);

    // Every recording's audio is in the bucket, and nothing else under the recordings' folders.
    const s3 = new S3Client({ region: 'us-east-1', endpoint: s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const keys: string[] = [];
    for await (const page of paginateListObjectsV2({ client: s3 }, { Bucket: BUCKET })) keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    s3.destroy();
    expect(keys.filter((k) => /^users\/[^/]+\/recordings\//.test(k)).sort()).toEqual(recordings.map((r) => r.audio_key).sort());

    // Each user reads all their stories through either server.
    for (const [u, client] of users.entries()) {
      const response = await client.get(`${servers[(u + 1) % 2].url}/api/stories`);
      expect(response.status).toBe(200);
      expect((await response.json()).map((s: { id: number }) => s.id).sort()).toEqual(uploads[u].map((x) => x.storyId).sort());
    }
  });

  it('keeps a session made on one server on the other, and a sign-out on one ends it on the other within seconds', { timeout: 60_000 }, async () => {
    const [one, two] = servers;
    const { client } = await signedUpClient(one.url, 'traveller@example.com');
    const token = client.cookie(SESSION_COOKIE)!;
    const asUser = (server: ServerProcess) => fetch(`${server.url}/api/auth/user`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    // Both servers have the session in their cache now.
    expect((await asUser(one)).status).toBe(200);
    expect((await asUser(two)).status).toBe(200);
    expect(await (await asUser(two)).json()).toMatchObject({ email: 'traveller@example.com' });

    const signOut = await fetch(`${two.url}/api/logout`, { headers: { cookie: `${SESSION_COOKIE}=${token}` }, redirect: 'manual' });
    expect(signOut.status).toBe(302);
    // At once on the server that signed it out; within the cache's seconds on the other.
    expect((await asUser(two)).status).toBe(401);
    await waitFor(async () => (await asUser(one)).status, (status) => status === 401, SIGNED_OUT_EVERYWHERE_MS);
    const again = new HttpClient(one.url);
    expect((await again.get('/api/auth/user')).status).toBe(401);
  });
});
