import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server.ts';
import { clipDir, loopClip } from '../test/support/audio-clips.ts';
import { HttpClient, uploadForm } from '../test/support/http-client.ts';
import { settledRecording, waitFor } from '../test/support/pipeline.ts';
import { freePort, type ServerProcess, serverDatabase, spawnServer } from '../test/support/server-process.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';

// SIGTERM ends the server within its grace period (SHUTDOWN_GRACE_SECONDS, 8 s) whatever
// it is doing: a client holding an upload open (without the grace it would wait for the
// minute-long idle limit), a voice detection over a long recording (minutes of native work).
const servers: ServerProcess[] = [];
const sockets: Socket[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
let fake: FakeOpenAi;
let clips: { dir: string; remove: () => Promise<void> };
beforeAll(async () => {
  fake = await startFakeOpenAi();
  clips = await clipDir();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) await server.stop();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  fake.reset();
});
afterAll(async () => {
  await fake?.close();
  await clips?.remove();
});

/** Well over the grace period, well under what the work cut off would take. */
const ENDED_WITHIN_MS = 20_000;
const endedWithin = (server: ServerProcess, ms: number) =>
  Promise.race([server.exited.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still running'), ms))]);

it('stops on SIGTERM while an upload is stalled half way', { timeout: 120_000 }, async () => {
  const database = await serverDatabase();
  cleanups.push(database.drop);
  // At debug level the server logs each request as it comes in (decision 026). A grace of
  // 2 s proves the same as the default 8 (the upload would hold the server for the idle
  // limit, a minute), six seconds sooner.
  const server = await spawnServer({ ...database.env, LOG_LEVEL: 'debug', SHUTDOWN_GRACE_SECONDS: '2' });
  servers.push(server);
  await server.serving();
  const client = new HttpClient(server.url);
  const signUp = await client.post('/api/auth/local/sign-up', { email: 'aino@example.com', password: 'kesä mökillä 1969', firstName: 'Aino' });
  expect(signUp.status).toBe(202);
  expect((await client.post('/api/auth/local/sign-in', { email: 'aino@example.com', password: 'kesä mökillä 1969' })).status).toBe(200);

  const { port, host } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => {});
  socket.write(
    [
      'POST /api/recordings HTTP/1.1',
      `Host: ${host}`,
      `Origin: ${server.url}`,
      `Cookie: saaga_session=${client.cookie('saaga_session')}`,
      'Content-Type: multipart/form-data; boundary=stall',
      `Content-Length: ${5 * 1024 * 1024}`,
      '',
      '--stall\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\n\r\n' + 'x'.repeat(1000),
    ].join('\r\n'),
  );
  // The upload has reached the server before it is asked to stop.
  await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/"url":"\/api\/recordings"/);

  server.child.kill('SIGTERM');
  expect(await endedWithin(server, 30_000)).toBe('ended');
  expect(server.output()).toContain('SIGTERM: shutting down');
});

it('stops on SIGTERM in the middle of a long voice detection; the recording is transcribed after the restart', { timeout: 600_000 }, async () => {
  // 11 minutes of speech: over the 10 minutes a transcriber takes in one piece, so the VAD
  // looks at all of it (a minute of native work on this machine) to find where to cut.
  const long = readFileSync(await loopClip(CLIPS.jfkMp3, 60, clips.dir, 'jfk-11-minutes.mp3'));
  const database = await serverDatabase();
  cleanups.push(database.drop);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'saaga-shutdown-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { ...database.env, DATA_DIR: dataDir, PORT: String(await freePort()), OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseUrl, LOG_LEVEL: 'warn' };
  fake.setTranscript(clipTranscript(CLIPS.jfk));
  fake.setChatReply({ title: 'Ask Not', content: 'Ask what you can do for your country.', people: [], locations: [], dates: [], storyType: 'other' });

  const first = await spawnServer(env);
  servers.push(first);
  await first.serving();
  const client = new HttpClient(first.url);
  expect((await client.post('/api/auth/local/sign-up', { email: 'aino@example.com', password: 'kesä mökillä 1969', firstName: 'Aino' })).status).toBe(202);
  expect((await client.post('/api/auth/local/sign-in', { email: 'aino@example.com', password: 'kesä mökillä 1969' })).status).toBe(200);
  const upload = await uploadForm(client, '/api/recordings', { appLanguage: 'en', contextType: 'new_story' }, { bytes: long, filename: 'recording.mp3', type: 'audio/mpeg' });
  expect(upload.status).toBe(201);
  const { recording } = await upload.json();
  // The job has begun: the VAD runs now, and no transcription was asked for yet.
  await waitFor(async () => (await (await client.get(`/api/recordings/${recording.id}/status`)).json()).processingStatus, (s) => s === 'transcribing', 60_000);
  expect(fake.requestsTo('transcriptions')).toHaveLength(0);

  first.child.kill('SIGTERM');
  expect(await endedWithin(first, ENDED_WITHIN_MS)).toBe('ended');
  // Stopped, not cut off by the grace period's end: the job let go of its work between two windows.
  expect((await first.exited).code).toBe(0);
  expect(first.output()).toContain('stopped with the worker');
  expect(fake.requestsTo('transcriptions')).toHaveLength(0);

  const second = await spawnServer(env);
  servers.push(second);
  await second.serving();
  // Not failed by the stop: taken again, looked at whole and transcribed.
  expect(await settledRecording(client, recording.id, 480_000)).toMatchObject({ processingStatus: 'transcribed' });
  expect((await (await client.get(`/api/recordings/${recording.id}`)).json()).transcription).toContain('ask not what your country');
});
