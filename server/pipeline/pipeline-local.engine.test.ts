import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clipDir, encodeClip, silenceClip } from '../../test/support/audio-clips.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { localTestEngines } from '../../test/support/engines.ts';
import { type HttpClient, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { recordings } from '../db/schema.ts';

// The whole path on the real local engines with the test-size models: Silero VAD, then
// whisper.cpp's weight-free model, which hears nothing in any speech.
let server: TestApp;
let client: HttpClient;
let clips: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  clips = await clipDir();
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: localTestEngines() });
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
  let status;
  for (let i = 0; i < 240; i++) {
    status = await (await client.get(`/api/recordings/${body.recording.id}/status`)).json();
    if (status.processingStatus === 'failed' || status.processingStatus === 'transcribed') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { ...body, status };
}

it('an empty transcript ends as the no-speech failure, with the audio kept and the story not left processing', async () => {
  const { recording, story, status } = await uploadAndWait(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
  expect(status.processingStatus).toBe('failed');
  expect(status.transcriptionError).toMatch(/too few words|no speech/i);

  const [row] = await server.database.db.select().from(recordings).where(eq(recordings.id, recording.id));
  expect(await server.store.size(row.audioKey)).toBeGreaterThan(10_000);
  expect((await client.get(`/api/recordings/${recording.id}/audio`)).status).toBe(200);

  let storyNow;
  for (let i = 0; i < 40; i++) {
    storyNow = await (await client.get(`/api/stories/${story.id}`)).json();
    if (storyNow.processingStatus !== 'processing') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(storyNow).toMatchObject({ processingStatus: 'draft', title: 'Untitled recording' });
});

it('silence is stopped by the VAD before any transcription', async () => {
  const { status } = await uploadAndWait(await silenceClip(4, clips.dir, 'silence-4s.webm'));
  expect(status).toMatchObject({ processingStatus: 'failed', transcriptionError: 'No speech detected in the recording.' });
});

it('re-transcription runs again on the kept audio', async () => {
  const { recording } = await uploadAndWait(await silenceClip(3, clips.dir, 'silence-3s.webm'));
  const again = await client.post(`/api/recordings/${recording.id}/retranscribe`);
  expect((await again.json()).processingStatus).toBe('uploaded');
  let status;
  for (let i = 0; i < 80; i++) {
    status = await (await client.get(`/api/recordings/${recording.id}/status`)).json();
    if (status.processingStatus === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(status.processingStatus).toBe('failed');
});
