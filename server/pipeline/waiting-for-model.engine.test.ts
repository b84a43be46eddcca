import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { type HttpClient, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { settledRecording, settledStory, waitFor } from '../../test/support/pipeline.ts';
import { CLIPS, clipTranscript, TEST_MODELS } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { createEngines } from '../ai/engines.ts';
import { defaultModel } from '../models/catalogue.ts';

// Work that waits for a missing local model goes on by itself once the model file is
// there: nobody presses anything and the server is not restarted. The job looks again
// every missingModelRetryMs (a minute in the app, a few seconds here); waiting spends no try.
const JFK = clipTranscript(CLIPS.jfk);
const FIRST_TRY = 20_000;
/** How often a job looks again for the missing model here. */
const LOOK_AGAIN_MS = 3000;
/** The next look for the model, and the work after it (CI runs engine files beside other tests). */
const AFTER_MODEL_APPEARS = LOOK_AGAIN_MS + 180_000;

let fake: FakeOpenAi;
const servers: TestApp[] = [];
beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.setTranscript(JFK);
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await fake?.close();
});

async function serverWithout(role: 'transcriber' | 'writer') {
  const modelsDir = mkdtempSync(path.join(tmpdir(), `saaga-no-${role}-`));
  // The other engine is the fake OpenAI server; only `role` is local and missing. One thread:
  // the two tests run side by side, in CI beside the API files, and llama.cpp's or
  // whisper.cpp's threads wait on each other at every step when a core is taken (two
  // threads: the 190-token story took 127 s on a loaded machine; one thread: 0.4 s).
  const engines = createEngines({ modelsDir, openaiApiKey: fake.apiKey, openaiBaseUrl: fake.baseUrl, [role]: 'local', missingModelRetryMs: LOOK_AGAIN_MS, threads: 1 });
  const server = await startTestApp({}, { engines });
  servers.push(server);
  const { client } = await signedUpClient(server.url, `${role}@example.com`);
  const modelAppears = () => symlinkSync(role === 'transcriber' ? TEST_MODELS.whisper : TEST_MODELS.writer, path.join(modelsDir, defaultModel(role).file));
  return { client, modelAppears };
}

async function uploadJfk(client: HttpClient) {
  const response = await uploadForm(client, '/api/recordings', { appLanguage: 'en', contextType: 'new_story' }, {
    bytes: readFileSync(CLIPS.jfk),
    filename: 'recording.wav',
    type: 'audio/wav',
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { recording: { id: number }; story: { id: number } };
}

const readiness = async (client: HttpClient) => (await client.get('/api/engines')).json();

it.concurrent('a recording waiting for the speech model goes to the transcriber once the model file appears', { timeout: FIRST_TRY + AFTER_MODEL_APPEARS + 10_000 }, async () => {
  const { client, modelAppears } = await serverWithout('transcriber');
  const { recording } = await uploadJfk(client);
  await waitFor(
    async () => (await client.get(`/api/recordings/${recording.id}`)).json(),
    (r) => r.processingStatus === 'uploaded' && Date.parse(r.updatedAt) > Date.parse(r.createdAt),
    FIRST_TRY,
  );
  expect((await readiness(client)).transcriber).toEqual({ ready: false });

  modelAppears();
  expect((await readiness(client)).transcriber).toEqual({ ready: true });
  // whisper.cpp's weight-free test model hears no words in any speech: the recording ends
  // as the catalogue's failure, which only a run of the transcriber gives.
  const settled = await settledRecording(client, recording.id, AFTER_MODEL_APPEARS);
  expect(settled).toMatchObject({ processingStatus: 'failed', transcriptionError: expect.stringMatching(/too few words|no speech/i) });
});

it.concurrent('a story waiting for the writing model is written once the model file appears', { timeout: FIRST_TRY + AFTER_MODEL_APPEARS + 10_000 }, async () => {
  const { client, modelAppears } = await serverWithout('writer');
  const { story } = await uploadJfk(client);
  const draft = await waitFor(async () => (await client.get(`/api/stories/${story.id}`)).json(), (s) => s.processingStatus === 'draft', FIRST_TRY);
  expect(draft.content).toContain('ask not what your country can do for you');
  expect((await readiness(client)).writer).toEqual({ ready: false });

  modelAppears();
  const written = await waitFor(
    async () => (await client.get(`/api/stories/${story.id}`)).json(),
    (s) => s.processingStatus === 'generated',
    AFTER_MODEL_APPEARS,
  );
  expect(written.generatedAt).not.toBeNull();
  expect(written.content).not.toBe(draft.content);
  expect(await settledStory(client, story.id, 1000)).toMatchObject({ processingStatus: 'generated' });
});
