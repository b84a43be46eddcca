import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { awaitedEngine, storyPendingWork } from '../../contract/engines.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { HttpClient, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { settledRecording, waitFor } from '../../test/support/pipeline.ts';
import { CLIPS, clipTranscript } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { createEngines } from '../ai/engines.ts';

// With no AI engine ready a recording is kept and waits, and GET /api/engines tells the
// screens what it waits for. The transcriber and the writer are each missing in turn.
const JFK = clipTranscript(CLIPS.jfk);
/** The first try of a job (decode, then the missing model) and the wait it records. */
const FIRST_TRY = 20_000;

let fake: FakeOpenAi;
let server: TestApp | undefined;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  fake.reset();
});
afterAll(async () => {
  await fake?.close();
});

const emptyModelsFolder = () => mkdtempSync(path.join(tmpdir(), 'saaga-no-models-'));

async function uploadJfk(client: HttpClient) {
  const response = await uploadForm(client, '/api/recordings', { appLanguage: 'en', contextType: 'new_story' }, {
    bytes: readFileSync(CLIPS.jfk),
    filename: 'recording.wav',
    type: 'audio/wav',
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { recording: { id: number }; story: { id: number } };
}

it('with no key and no models a recording is kept, waits for the speech model, and says so', async () => {
  server = await startTestApp({}, { engines: createEngines({ modelsDir: emptyModelsFolder() }) });
  const { client } = await signedUpClient(server.url, 'waiting@example.com');
  const { recording, story } = await uploadJfk(client);

  // The job tried, found no model, and put the recording back to wait (not failed).
  const waiting = await waitFor(
    async () => (await client.get(`/api/recordings/${recording.id}`)).json(),
    (r) => r.processingStatus === 'uploaded' && Date.parse(r.updatedAt) > Date.parse(r.createdAt),
    FIRST_TRY,
  );
  expect(waiting.transcriptionError).toBeNull();
  expect(await (await client.get(`/api/recordings/${recording.id}/status`)).json()).toMatchObject({
    processingStatus: 'uploaded',
    transcriptionError: null,
  });
  const audio = await client.get(`/api/recordings/${recording.id}/audio`);
  expect(audio.status).toBe(200);
  expect((await audio.arrayBuffer()).byteLength).toBe(readFileSync(CLIPS.jfk).length);

  const engines = await (await client.get('/api/engines')).json();
  expect(engines).toEqual({ transcriber: { ready: false }, writer: { ready: false }, narrator: { adapter: 'local' } });
  const storyNow = await (await client.get(`/api/stories/${story.id}`)).json();
  expect(storyNow.processingStatus).toBe('processing');
  expect(awaitedEngine(engines, storyPendingWork({ processingStatus: storyNow.processingStatus, hasText: false }))).toBe('transcriber');
});

it('with the writer missing the transcript is kept as a draft that waits for the writing model', async () => {
  fake.setTranscript(JFK);
  const engines = createEngines({ modelsDir: emptyModelsFolder(), openaiApiKey: fake.apiKey, openaiBaseUrl: fake.baseUrl, writer: 'local' });
  server = await startTestApp({}, { engines });
  const { client } = await signedUpClient(server.url, 'writer-missing@example.com');
  const { recording, story } = await uploadJfk(client);

  expect(await settledRecording(client, recording.id, FIRST_TRY)).toMatchObject({ processingStatus: 'transcribed' });
  const draft = await waitFor(async () => (await client.get(`/api/stories/${story.id}`)).json(), (s) => s.processingStatus === 'draft', FIRST_TRY);
  expect(draft.content).toContain('ask not what your country can do for you');

  const readiness = await (await client.get('/api/engines')).json();
  expect(readiness).toEqual({ transcriber: { ready: true }, writer: { ready: false }, narrator: { adapter: 'openai' } });
  expect(awaitedEngine(readiness, storyPendingWork({ processingStatus: 'draft', hasText: draft.content !== '' }, false))).toBe('writer');
  expect(fake.requestsTo('chat')).toEqual([]);
});

it('says every engine is ready when a key is set', async () => {
  server = await startTestApp({}, { engines: createEngines({ modelsDir: emptyModelsFolder(), openaiApiKey: fake.apiKey, openaiBaseUrl: fake.baseUrl }) });
  const { client } = await signedUpClient(server.url, 'ready@example.com');
  expect(await (await client.get('/api/engines')).json()).toEqual({ transcriber: { ready: true }, writer: { ready: true }, narrator: { adapter: 'openai' } });
});

it('names the narrator /api/health lists, so the publish card asks here and not there', async () => {
  server = await startTestApp({}, { engines: createEngines({ modelsDir: emptyModelsFolder(), openaiApiKey: fake.apiKey, openaiBaseUrl: fake.baseUrl, narrator: 'local' }) });
  const { client } = await signedUpClient(server.url, 'narrator@example.com');
  const health = await (await fetch(`${server.url}/api/health`)).json();
  const listed = health.components.find((component: { name: string }) => component.name === 'narrator');
  expect(listed.adapter).toBe('local');
  expect((await (await client.get('/api/engines')).json()).narrator).toEqual({ adapter: 'local' });
});

it('is for signed-in callers only', async () => {
  server = await startTestApp({}, { engines: createEngines({ modelsDir: emptyModelsFolder() }) });
  expect((await fetch(`${server.url}/api/engines`)).status).toBe(401);
});
