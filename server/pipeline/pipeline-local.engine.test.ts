import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clipDir, encodeClip, loopClip, silenceClip } from '../../test/support/audio-clips.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { localTestEngines } from '../../test/support/engines.ts';
import { type HttpClient, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { settledRecording, settledStory } from '../../test/support/pipeline.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { recordings } from '../db/schema.ts';

// The whole path on the real local engines with the test-size models: Silero VAD, then
// whisper.cpp's weight-free model, which hears nothing in any speech.
let server: TestApp;
let client: HttpClient;
const engines = localTestEngines();
let clips: { dir: string; remove: () => Promise<void> };
/** How long the local engines may take with a recording before a test gives up. */
const SETTLED = 60_000;

beforeAll(async () => {
  clips = await clipDir();
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines });
  ({ client } = await signedUpClient(server.url, 'local@example.com'));
});
afterAll(async () => {
  await server?.close();
  await clips?.remove();
});

async function uploadAndWait(file: string) {
  const response = await uploadForm(client, '/api/recordings', { appLanguage: 'en', contextType: 'new_story' }, {
    bytes: readFileSync(file),
    filename: 'recording.webm',
  });
  expect(response.status).toBe(201);
  const body = await response.json();
  return { ...body, status: await settledRecording(client, body.recording.id, SETTLED) };
}

it('an empty transcript ends as the no-speech failure, with the audio kept and the story not left processing', async () => {
  const { recording, story, status } = await uploadAndWait(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
  expect(status.processingStatus).toBe('failed');
  expect(status.transcriptionError).toMatch(/too few words|no speech/i);

  const [row] = await server.database.db.select().from(recordings).where(eq(recordings.id, recording.id));
  expect(await server.store.size(row.audioKey)).toBeGreaterThan(10_000);
  expect((await client.get(`/api/recordings/${recording.id}/audio`)).status).toBe(200);

  expect(await settledStory(client, story.id, SETTLED)).toMatchObject({ processingStatus: 'draft', title: 'Untitled recording' });
});

it('silence is stopped by the VAD before any transcription', async () => {
  const { status } = await uploadAndWait(await silenceClip(4, clips.dir, 'silence-4s.webm'));
  expect(status).toMatchObject({ processingStatus: 'failed', transcriptionError: 'No speech detected in the recording.' });
});

// An hour is as good a proof as the longest allowed (two hours): the probes' 120 s are a
// thirtieth of it. A minute of WebM silence copied 60 times is the same file as an hour
// encoded, ten seconds sooner.
it('an hour of silence is refused after a bounded first look, the audio kept (decision 030)', { timeout: 300_000 }, async () => {
  const before = engines.speech.examinedSeconds;
  const response = await uploadForm(client, '/api/recordings', { appLanguage: 'en', contextType: 'new_story' }, {
    bytes: readFileSync(await loopClip(await silenceClip(60, clips.dir, 'silence-1m.webm'), 60, clips.dir, 'silence-1h.webm')),
    filename: 'recording.webm',
  });
  expect(response.status).toBe(201);
  const { recording } = await response.json();
  expect(await settledRecording(client, recording.id, 240_000)).toMatchObject({ processingStatus: 'failed', transcriptionError: 'No speech detected in the recording.' });
  // The probes alone, not the hour.
  expect(engines.speech.examinedSeconds - before).toBeLessThanOrEqual(120);
  expect((await client.get(`/api/recordings/${recording.id}/audio`)).status).toBe(200);
});

it('re-transcription runs again on the kept audio', async () => {
  const { recording } = await uploadAndWait(await silenceClip(3, clips.dir, 'silence-3s.webm'));
  const reset = await (await client.post(`/api/recordings/${recording.id}/retranscribe`)).json();
  expect(reset).toMatchObject({ processingStatus: 'uploaded', transcriptionError: null });
  // It ends as it did the first time; what shows the job ran again is that it wrote the
  // row after the reset, and put the failure back.
  expect(await settledRecording(client, recording.id, SETTLED)).toMatchObject({ processingStatus: 'failed', transcriptionError: 'No speech detected in the recording.' });
  const after = await (await client.get(`/api/recordings/${recording.id}`)).json();
  expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(reset.updatedAt));
});
