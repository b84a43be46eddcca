import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, type ExpectStatic, it, type TestContext } from 'vitest';
import { startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { HttpClient, uploadForm } from '../../test/support/http-client.ts';
import { settledStory, waitFor } from '../../test/support/pipeline.ts';
import { freePort, type ServerProcess, serverDatabase, spawnServer } from '../../test/support/server-process.ts';
import { CLIPS, clipTranscript } from '../../test/support/shared-files.ts';

// Nothing said is lost: the real server is killed (SIGKILL) in the middle of a step, and
// the work goes on after a restart on the same database (embedded, or PostgreSQL when
// TEST_DATABASE_URL is set). Its models folder holds the test VAD, so nothing is downloaded.
const JFK = clipTranscript(CLIPS.jfk);
const ASK_NOT = { title: 'Ask Not', content: 'Ask what you can do for your country.', people: [], locations: [], dates: [], storyType: 'other' };
/** A restart on PostgreSQL waits for the dead worker's lease to expire, then for the next recovery pass. */
const RECOVERED = 90_000;

let clips: { dir: string; remove: () => Promise<void> };
let jfkWebm: Buffer;

beforeAll(async () => {
  clips = await clipDir();
  jfkWebm = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
});
afterAll(async () => {
  await clips?.remove();
});

/**
 * One test's own fake OpenAI server and server processes, stopped when it ends (the tests run
 * side by side: most of their time is a restart waiting for recovery, on PostgreSQL for the
 * dead worker's lease to expire). The fake must have refused nothing.
 */
async function ownWorld({ onTestFinished, expect }: TestContext) {
  const fake = await startFakeOpenAi();
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  onTestFinished(async () => {
    for (const server of servers) await server.stop();
    for (const cleanup of cleanups) await cleanup();
    const refused = [...fake.refused];
    await fake.close();
    expect(refused).toEqual([]);
  });

  /** A server on a database and a port of its own that it keeps across restarts. */
  async function serverEnv(): Promise<Record<string, string>> {
    const database = await serverDatabase();
    cleanups.push(database.drop);
    return {
      ...database.env,
      PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'saaga-crash-')),
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseUrl,
      LOG_LEVEL: 'warn',
    };
  }

  async function start(env: Record<string, string>): Promise<ServerProcess> {
    const server = await spawnServer(env);
    servers.push(server);
    await server.serving();
    return server;
  }
  return { fake, serverEnv, start };
}

/** Signs up on the first server and uploads a recording of a new story. */
async function uploadOn(server: ServerProcess, expect: ExpectStatic) {
  const client = new HttpClient(server.url);
  expect((await client.post('/api/auth/local/sign-up', { email: 'crash@example.com', password: 'long enough password', firstName: 'C' })).status).toBe(202);
  expect((await client.post('/api/auth/local/sign-in', { email: 'crash@example.com', password: 'long enough password' })).status).toBe(200);
  const response = await uploadForm(client, '/api/recordings', { appLanguage: 'en', contextType: 'new_story' }, { bytes: jfkWebm, filename: 'recording.webm' });
  expect(response.status).toBe(201);
  const { recording, story } = await response.json();
  return { client, recordingId: recording.id as number, storyId: story.id as number };
}

it.concurrent('resumes a transcription cut off by a crash and writes the story', { timeout: 240_000 }, async (context) => {
  const { expect } = context;
  const { fake, serverEnv, start } = await ownWorld(context);
  const env = await serverEnv();
  const first = await start(env);
  fake.setTranscript(JFK);
  fake.setChatReply(ASK_NOT);
  const held = fake.hold('transcriptions'); // the transcription is mid-flight when the server dies
  const { client, recordingId, storyId } = await uploadOn(first, expect);
  await waitFor(async () => held.waiting, (n) => n === 1, 30_000);
  expect((await (await client.get(`/api/recordings/${recordingId}/status`)).json()).processingStatus).toBe('transcribing');

  await first.stop('SIGKILL');
  held.release(); // answers a connection nobody listens to any more
  await start(env); // on the same address; the session lives in the database
  expect(await settledStory(client, storyId, RECOVERED)).toMatchObject({ processingStatus: 'generated', title: 'Ask Not' });
  expect(await (await client.get(`/api/recordings/${recordingId}`)).json()).toMatchObject({ processingStatus: 'transcribed', transcription: JFK });
  expect((await client.get(`/api/recordings/${recordingId}/audio`)).status).toBe(200);
  expect(fake.requestsTo('transcriptions')).toHaveLength(2);
});

it.concurrent('finishes a story whose writing was cut off by a crash, without transcribing again', { timeout: 240_000 }, async (context) => {
  const { expect } = context;
  const { fake, serverEnv, start } = await ownWorld(context);
  const env = await serverEnv();
  const first = await start(env);
  fake.setTranscript(JFK);
  fake.setChatReply(ASK_NOT);
  const held = fake.hold('chat'); // the recording is transcribed and its story is being written
  const { client, recordingId, storyId } = await uploadOn(first, expect);
  await waitFor(async () => held.waiting, (n) => n === 1, 30_000);
  expect((await (await client.get(`/api/recordings/${recordingId}/status`)).json()).processingStatus).toBe('transcribed');
  expect((await (await client.get(`/api/stories/${storyId}`)).json()).processingStatus).toBe('processing');

  await first.stop('SIGKILL');
  held.release();
  await start(env); // on the same address; the session lives in the database
  expect(await settledStory(client, storyId, RECOVERED)).toMatchObject({ processingStatus: 'generated', title: 'Ask Not' });
  expect(fake.requestsTo('transcriptions')).toHaveLength(1); // the finished step was kept
  // The story's requests: a written story's follow-up questions are asked for after it.
  expect(fake.requestsTo('chat').filter((r) => r.json.response_format?.json_schema?.name !== 'follow_up_questions')).toHaveLength(2);
  // No longer stuck in processing: it can be written client.
  const rewrite = await client.post(`/api/stories/${storyId}/regenerate`, { style: 'clear_narrative' });
  expect(rewrite.status).toBe(200);
  expect(await settledStory(client, storyId, 30_000)).toMatchObject({ processingStatus: 'generated', storyStyle: 'clear_narrative' });
});
