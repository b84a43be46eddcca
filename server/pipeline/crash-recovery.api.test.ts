import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { HttpClient, uploadForm } from '../../test/support/http-client.ts';
import { settledStory, waitFor } from '../../test/support/pipeline.ts';
import { CLIPS, clipTranscript } from '../../test/support/shared-files.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';

// Nothing said is lost: the real server is killed (SIGKILL) while it transcribes, and the
// work goes on after a restart on the same embedded database.
const root = path.resolve(import.meta.dirname, '..', '..');
const JFK = clipTranscript(CLIPS.jfk);

let fake: FakeOpenAi;
let clips: { dir: string; remove: () => Promise<void> };
const children: ChildProcess[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAi();
  clips = await clipDir();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await fake?.close();
  await clips?.remove();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${env.PORT}`;
  await waitFor(
    () => fetch(`${url}/api/health`).then((r) => r.status).catch(() => 0),
    (status) => status === 200,
    60_000,
  );
  return child;
}

it('resumes a transcription cut off by a crash and writes the story', async () => {
  const port = String(await freePort());
  const env = {
    PORT: port,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'saaga-crash-')),
    MODELS_DIR: mkdtempSync(path.join(tmpdir(), 'saaga-crash-models-')),
    OPENAI_API_KEY: fake.apiKey,
    OPENAI_BASE_URL: fake.baseUrl,
    LOGIN_RATE_LIMIT: '1000',
  };
  const first = await startServer(env);
  const client = new HttpClient(`http://127.0.0.1:${port}`);
  await client.post('/api/auth/local/sign-up', { email: 'crash@example.com', password: 'long enough password', firstName: 'C' });

  // The transcription service never answers the first request: the job is mid-flight.
  fake.fail('transcriptions', 'timeout');
  fake.setTranscript(JFK);
  fake.setChatReply({ title: 'Ask Not', content: 'Ask what you can do for your country.', people: [], locations: [], dates: [], storyType: 'other' });
  const bytes = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
  const response = await uploadForm(client, '/api/recordings', { appLanguage: 'en', contextType: 'new_story' }, { bytes, filename: 'recording.webm' });
  expect(response.status).toBe(201);
  const { recording, story } = await response.json();
  await waitFor(() => Promise.resolve(fake.requestsTo('transcriptions').length), (n) => n >= 1, 30_000);
  expect((await (await client.get(`/api/recordings/${recording.id}/status`)).json()).processingStatus).toBe('transcribing');

  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));

  await startServer(env);
  const written = await settledStory(client, story.id, 60_000);
  expect(written).toMatchObject({ processingStatus: 'generated', title: 'Ask Not' });
  const after = await (await client.get(`/api/recordings/${recording.id}`)).json();
  expect(after).toMatchObject({ processingStatus: 'transcribed', transcription: JFK });
  expect((await client.get(`/api/recordings/${recording.id}/audio`)).status).toBe(200);
  expect(fake.requestsTo('transcriptions').length).toBeGreaterThanOrEqual(2);
  fake.errors.length = 0;
});
