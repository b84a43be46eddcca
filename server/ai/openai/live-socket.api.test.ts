import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_TRANSCRIPTION_PATH, type LiveServerMessage, liveServerMessageSchema } from '../../../contract/live.ts';
import { runFfmpeg } from '../../audio/ffmpeg.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fakes/openai-server.ts';
import { clipDir } from '../../../test/support/audio-clips.ts';
import { fakeOpenAiEngines } from '../../../test/support/engines.ts';
import { signedUpClient, type HttpClient } from '../../../test/support/http-client.ts';
import { CLIPS } from '../../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { until } from '../../../test/support/wait-for.ts';

/** Live text through the app's WebSocket with the OpenAI adapter, the fake speaking the realtime protocol. */
let fake: FakeOpenAi;
let testApp: TestApp;
let client: HttpClient;
let webm: Buffer;
let removeClips: () => Promise<void>;

beforeAll(async () => {
  const clips = await clipDir();
  removeClips = clips.remove;
  const file = join(clips.dir, 'jfk.webm');
  const made = await runFfmpeg(['-v', 'error', '-y', '-i', CLIPS.jfk, '-t', '6', '-c:a', 'libopus', '-b:a', '64k', '-f', 'webm', file], { timeoutMs: 30_000 });
  if (made.exitCode !== 0) throw new Error(made.stderr);
  webm = await readFile(file);
  fake = await startFakeOpenAi();
  testApp = await startTestApp({}, { engines: fakeOpenAiEngines(fake) });
  ({ client } = await signedUpClient(testApp.url, 'live-openai@example.com', 'fi'));
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await fake?.close();
  await removeClips?.();
});

beforeEach(() => fake.reset());

describe('live text through OpenAI realtime', () => {
  it('streams the recorder chunks to the realtime API and carries its words back', async () => {
    fake.realtime.setTranscript('And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.');
    const socket = new WebSocket(`${testApp.url.replace(/^http/, 'ws')}${LIVE_TRANSCRIPTION_PATH}`, {
      headers: { cookie: `saaga_session=${client.cookie('saaga_session')}`, origin: testApp.url },
    });
    const messages: LiveServerMessage[] = [];
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
    socket.on('message', (data) => messages.push(liveServerMessageSchema.parse(JSON.parse(String(data)))));
    await new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject); });
    const size = Math.ceil(webm.length / 4);
    for (let i = 0; i < 4; i++) {
      socket.send(JSON.stringify({ type: 'audio_chunk', audio: webm.subarray(i * size, (i + 1) * size).toString('base64'), format: 'audio/webm;codecs=opus' }));
    }
    socket.send(JSON.stringify({ type: 'end_recording' }));
    expect(await closed).toBe(1000);
    const session = fake.realtime.sessions[0];
    expect(session.config.audio.input.transcription).toMatchObject({ model: 'gpt-4o-transcribe', language: 'fi' });
    const finals = messages.filter((m) => m.type === 'final').map((m) => (m as { text: string }).text);
    expect(finals.length).toBeGreaterThan(0);
    expect(messages.some((m) => m.type === 'partial')).toBe(true);
    expect(finals.join(' ')).toBe(session.items.map((i) => i.transcript).filter(Boolean).join(' '));
    expect(messages.at(-1)).toEqual({ type: 'complete', text: finals.join(' ') });
    await session.closedPromise;
    expect(fake.errors).toEqual([]);
  }, 30_000);

  it('a dropped connection closes its realtime session', async () => {
    const socket = new WebSocket(`${testApp.url.replace(/^http/, 'ws')}${LIVE_TRANSCRIPTION_PATH}`, {
      headers: { cookie: `saaga_session=${client.cookie('saaga_session')}`, origin: testApp.url },
    });
    await new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject); });
    socket.send(JSON.stringify({ type: 'audio_chunk', audio: webm.subarray(0, 4000).toString('base64'), format: 'audio/webm;codecs=opus' }));
    await until(() => fake.realtime.openSessions().length > 0, 10_000, 'a realtime session at the fake');
    socket.terminate();
    const session = fake.realtime.openSessions()[0];
    await Promise.race([session.closedPromise, new Promise((_, reject) => setTimeout(() => reject(new Error('the realtime session stayed open 10 s')), 10_000))]);
    expect(fake.realtime.openSessions()).toEqual([]);
  }, 30_000);
});
