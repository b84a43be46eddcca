import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_TRANSCRIPTION_PATH, type LiveServerMessage, liveServerMessageSchema, REALTIME_CHUNK_INDEX_HEADER } from '../../contract/live.ts';
import type { Engines } from '../ai/engines.ts';
import { LocalLiveTranscriber } from '../ai/local/live-transcriber.ts';
import type { Transcriber } from '../ai/ports.ts';
import { runFfmpeg } from '../audio/ffmpeg.ts';
import { clipDir } from '../../test/support/audio-clips.ts';
import { localTestEngines } from '../../test/support/engines.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { type HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { realtimeTiming } from './realtime-routes.ts';
import { liveResources } from './resources.ts';
import { waitFor } from '../../test/support/wait-for.ts';

// Live streams open at once, over both transports: two per account, three on this server.
let testApp: TestApp;
let anna: HttpClient;
let ben: HttpClient;
let cecilia: HttpClient;
/** The first second of a recorder's webm/opus stream: the test page's first chunk. */
let webm: Buffer;
let removeClips: () => Promise<void>;

/** whisper.cpp as the test-size model is (it hears no words), without its wait. */
const instantWhisper: Transcriber = {
  adapter: 'local',
  transcribe: async (input) => ({ text: '', segments: [], language: 'en', durationSeconds: (input.audio as Buffer).length / 32_000 }),
  status: async () => ({ name: 'transcriber', adapter: 'local', model: 'instant', ready: true }),
  close: async () => {},
};

beforeAll(async () => {
  const clips = await clipDir();
  removeClips = clips.remove;
  const file = join(clips.dir, 'jfk-1s.webm');
  const made = await runFfmpeg(['-v', 'error', '-y', '-i', CLIPS.jfk, '-t', '1', '-c:a', 'libopus', '-b:a', '64k', '-f', 'webm', file], { timeoutMs: 30_000 });
  if (made.exitCode !== 0) throw new Error(made.stderr);
  webm = await readFile(file);
  const engines: Engines = localTestEngines();
  const original = engines.live;
  const live = new LocalLiveTranscriber({ partials: instantWhisper, finals: instantWhisper, partialModel: 'for-tests-ggml-tiny.bin', cores: 2 });
  engines.live = { adapter: 'local', keepsUp: () => live.keepsUp(), start: (options, events) => live.start(options, events), close: () => original.close() };
  testApp = await startTestApp({ LIVE_STREAMS_PER_ACCOUNT: '2', LIVE_STREAMS_PER_SERVER: '3' }, { engines });
  ({ client: anna } = await signedUpClient(testApp.url, 'anna@example.com'));
  ({ client: ben } = await signedUpClient(testApp.url, 'ben@example.com'));
  ({ client: cecilia } = await signedUpClient(testApp.url, 'cecilia@example.com', 'fi'));
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  await removeClips?.();
});

interface Connection {
  socket: WebSocket;
  messages: LiveServerMessage[];
  closed: Promise<number>;
  next(type: LiveServerMessage['type']): Promise<LiveServerMessage>;
}

const WAIT_MS = 10_000;

function open(as: HttpClient): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${testApp.url.replace(/^http/, 'ws')}${LIVE_TRANSCRIPTION_PATH}`, {
      headers: { cookie: `saaga_session=${as.cookie('saaga_session')}`, origin: testApp.url },
    });
    const messages: LiveServerMessage[] = [];
    const waiters: (() => void)[] = [];
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
    socket.on('message', (data) => {
      messages.push(liveServerMessageSchema.parse(JSON.parse(String(data))));
      for (const wake of waiters.splice(0)) wake();
    });
    socket.on('error', reject);
    socket.on('open', () => resolve({
      socket,
      messages,
      closed,
      next: (type) => new Promise((found, fail) => {
        const timer = setTimeout(() => fail(new Error(`no ${type} within ${WAIT_MS} ms; got ${JSON.stringify(messages)}`)), WAIT_MS);
        const look = () => {
          const message = messages.find((m) => m.type === type);
          if (message) {
            clearTimeout(timer);
            found(message);
          } else waiters.push(look);
        };
        look();
      }),
    }));
  });
}

/** A stream that was let in: its engine started, and it ends with the complete text. */
async function expectServed(connection: Connection) {
  connection.socket.send(JSON.stringify({ type: 'end_recording' }));
  expect(await connection.next('complete')).toEqual({ type: 'complete', text: '' });
  expect(await connection.closed).toBe(1000);
}

/** A stream that was refused before any engine started: told why, then closed ("try again later"). */
async function expectRefused(connection: Connection, code: 'too_many_live_streams' | 'live_server_busy') {
  expect(await connection.next('error')).toMatchObject({ type: 'error', code });
  expect(await connection.closed).toBe(1013);
}

/** Streams open on this server: the engine sessions, which are freed with the slots. */
const waitForSessions = (count: number) =>
  waitFor(() => liveResources().sessions, (sessions) => sessions === count, WAIT_MS, `${count} live sessions`);

const postChunk = (as: HttpClient, index: number) =>
  fetch(`${testApp.url}/api/realtime`, {
    method: 'POST',
    headers: {
      cookie: `saaga_session=${as.cookie('saaga_session')}`,
      origin: testApp.url,
      'content-type': 'audio/webm;codecs=opus',
      [REALTIME_CHUNK_INDEX_HEADER]: String(index),
    },
    body: new Uint8Array(webm),
  });

describe('live streams open at once', () => {
  it('are two per account: the third is refused with its reason, and a dropped connection frees its slot', async () => {
    const first = await open(anna);
    const second = await open(anna);
    await waitForSessions(2);
    await expectRefused(await open(anna), 'too_many_live_streams');
    // Someone else is not refused for Anna's streams.
    await expectServed(await open(ben));

    first.socket.terminate();
    await waitForSessions(1);
    await expectServed(await open(anna));
    await expectServed(second);
    await waitForSessions(0);
  }, 30_000);

  it('are three on the server, everyone together; a closed stream lets the next one in', async () => {
    const annas = [await open(anna), await open(anna)];
    const bens = await open(ben);
    await waitForSessions(3);
    await expectRefused(await open(cecilia), 'live_server_busy');
    expect((await postChunk(cecilia, 0)).status).toBe(503);

    bens.socket.close();
    await waitForSessions(2);
    await expectServed(await open(cecilia));
    for (const connection of annas) await expectServed(connection);
    await waitForSessions(0);
  }, 30_000);

  it("count the test page's stream too, which gives its slot back when it ends", async () => {
    const idleMs = realtimeTiming.idleMs;
    try {
      const sockets = [await open(anna), await open(anna)];
      await waitForSessions(2);
      const refused = await postChunk(anna, 0);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 'too_many_live_streams' });

      sockets[0].socket.terminate();
      await waitForSessions(1);
      realtimeTiming.idleMs = 300;
      expect((await postChunk(anna, 0)).status).toBe(200);
      // A new test-page stream replaces the account's last one, it does not take another slot.
      expect((await postChunk(anna, 0)).status).toBe(200);
      await expectRefused(await open(anna), 'too_many_live_streams');

      // No chunk for the idle time: the test page's stream ends and frees its slot.
      await waitForSessions(1);
      await expectServed(await open(anna));
      await expectServed(sockets[1]);
    } finally {
      realtimeTiming.idleMs = idleMs;
    }
  }, 30_000);
});
