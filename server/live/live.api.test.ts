import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_MAX_MESSAGE_BYTES, LIVE_MAX_MESSAGES_PER_SECOND, LIVE_TRANSCRIPTION_PATH, liveCapabilitiesSchema, type LiveServerMessage, liveServerMessageSchema, REALTIME_CHUNK_INDEX_HEADER } from '../../contract/live.ts';
import type { Engines } from '../ai/engines.ts';
import { AiError } from '../ai/errors.ts';
import { LocalLiveTranscriber } from '../ai/local/live-transcriber.ts';
import type { LiveStreamOptions, LiveTranscriber, Transcriber } from '../ai/ports.ts';
import { runFfmpeg } from '../audio/ffmpeg.ts';
import { clipDir } from '../../test/support/audio-clips.ts';
import { localTestEngines } from '../../test/support/engines.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { realtimeTiming } from './realtime-routes.ts';
import { liveResources } from './resources.ts';
import { LiveSession } from './session.ts';
import { waitFor } from '../../test/support/wait-for.ts';

let testApp: TestApp;
let client: HttpClient;
let chunks: Buffer[];
let removeClips: () => Promise<void>;
/** The real local live engine, unless a test puts a double in its place for a while. */
let live: LiveTranscriber;
let real: LiveTranscriber;

beforeAll(async () => {
  const clips = await clipDir();
  removeClips = clips.remove;
  // About 4 s of speech as a browser's recorder streams it: webm/opus, cut into ~500 ms pieces by bytes.
  const webm = join(clips.dir, 'jfk-4s.webm');
  const made = await runFfmpeg(['-v', 'error', '-y', '-i', CLIPS.jfk, '-t', '4', '-c:a', 'libopus', '-b:a', '64k', '-f', 'webm', webm], { timeoutMs: 30_000 });
  if (made.exitCode !== 0) throw new Error(made.stderr);
  const bytes = await readFile(webm);
  const size = Math.ceil(bytes.length / 8);
  chunks = Array.from({ length: 8 }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

  const engines: Engines = localTestEngines();
  // The local live engine as built, with whisper.cpp answering at once: the test-size model
  // takes tens of seconds a window on this machine, and hears nothing anyway.
  real = new LocalLiveTranscriber({ partials: instantWhisper, finals: instantWhisper, partialModel: 'for-tests-ggml-tiny.bin', cores: 2 });
  live = real;
  const original = engines.live;
  engines.live = {
    adapter: 'local',
    keepsUp: () => live.keepsUp(),
    start: (options, events) => live.start(options, events),
    close: () => original.close(),
  };
  testApp = await startTestApp({}, { engines });
  ({ client } = await signedUpClient(testApp.url, 'live@example.com'));
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await removeClips?.();
});

/** whisper.cpp as the test-size model is (it hears no words), without its wait. */
const instantWhisper: Transcriber = {
  adapter: 'local',
  transcribe: async (input) => ({ text: '', segments: [], language: 'en', durationSeconds: (input.audio as Buffer).length / 32_000 }),
  status: async () => ({ name: 'transcriber', adapter: 'local', model: 'instant', ready: true }),
  close: async () => {},
};

interface Connection {
  socket: WebSocket;
  messages: LiveServerMessage[];
  /** Resolves with the close code once the server (or the client) closed the socket. */
  closed: Promise<number>;
  /** The first message of this type, waiting for it if need be. */
  next(type: LiveServerMessage['type'], timeoutMs?: number): Promise<LiveServerMessage>;
  send(message: unknown): void;
}

function connect(headers: Record<string, string> = sessionHeaders()): Promise<Connection | { status: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${testApp.url.replace(/^http/, 'ws')}${LIVE_TRANSCRIPTION_PATH}`, { headers });
    const messages: LiveServerMessage[] = [];
    const waiters: (() => void)[] = [];
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
    socket.on('message', (data) => {
      messages.push(liveServerMessageSchema.parse(JSON.parse(String(data))));
      for (const wake of waiters.splice(0)) wake();
    });
    socket.on('unexpected-response', (_request, response) => resolve({ status: response.statusCode ?? 0 }));
    socket.on('error', reject);
    socket.on('open', () => resolve({
      socket,
      messages,
      closed,
      send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
      next: (type, timeoutMs = 15_000) => new Promise((found, fail) => {
        const timer = setTimeout(() => fail(new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)), timeoutMs);
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

function sessionHeaders(as: HttpClient = client): Record<string, string> {
  return { cookie: `saaga_session=${as.cookie('saaga_session')}`, origin: testApp.url };
}

async function open(as: HttpClient = client): Promise<Connection> {
  const connection = await connect(sessionHeaders(as));
  if ('status' in connection) throw new Error(`upgrade refused with ${connection.status}`);
  return connection;
}

const chunk = (bytes: Buffer) => ({ type: 'audio_chunk', audio: bytes.toString('base64'), format: 'audio/webm;codecs=opus' });

describe('WebSocket /ws/transcription', () => {
  it('turns a stream of webm/opus chunks into partials, a final and the complete text', async () => {
    const connection = await open();
    for (const piece of chunks) connection.send(chunk(piece));
    await connection.next('partial');
    connection.send({ type: 'end_recording' });
    const complete = await connection.next('complete');
    expect(await connection.closed).toBe(1000);
    const types = connection.messages.map((m) => m.type);
    expect(types).toContain('final');
    expect(types.at(-1)).toBe('complete');
    // The test-size whisper model hears nothing: the text is the finals joined, all empty here.
    const finals = connection.messages.filter((m) => m.type === 'final').map((m) => (m as { text: string }).text);
    expect((complete as { text: string }).text).toBe(finals.filter(Boolean).join(' '));
    // Each final says where in the stream it was said (issue 29): seconds, in order.
    const said = connection.messages.filter((m) => m.type === 'final') as { start?: number; end?: number }[];
    for (const final of said) {
      expect(final.start).toBeGreaterThanOrEqual(0);
      expect(final.end).toBeGreaterThanOrEqual(final.start!);
    }
    await waitFor(liveResources, (r) => r.sessions === 0 && r.decoders === 0, 10_000, 'every live session and decoder freed');
  }, 30_000);

  it('ends the utterance on pause, and goes on after resume', async () => {
    // Larger pieces here: the messages of the whole test fit in one second's allowance.
    const connection = await open();
    connection.send(chunk(Buffer.concat(chunks.slice(0, 5))));
    await connection.next('partial');
    connection.send({ type: 'pause' });
    await connection.next('final');
    connection.send({ type: 'resume' });
    connection.send(chunk(Buffer.concat(chunks.slice(5))));
    connection.send({ type: 'end_recording' });
    await connection.next('complete');
    expect(connection.messages.filter((m) => m.type === 'error')).toEqual([]);
  }, 30_000);

  it('carries the words the engine hears: partials as they come, finals, and all of them at the end', async () => {
    const started: LiveStreamOptions[] = [];
    live = wordsDouble(started);
    const { client: finnish } = await signedUpClient(testApp.url, 'live-fi@example.com', 'fi');
    expect((await finnish.post('/api/people', { name: 'Mummo' })).status).toBe(201);
    try {
      const connection = await open(finnish);
      // The engine is told the speaker's language and the names of their people.
      await waitFor(() => started.length, (n) => n === 1, 10_000, 'one started session');
      expect(started[0]).toMatchObject({ language: 'fi', vocabulary: ['Mummo'] });
      connection.send(chunk(chunks[0]));
      connection.send(chunk(chunks[1]));
      await connection.next('partial');
      connection.send({ type: 'pause' });
      await connection.next('final');
      connection.send({ type: 'resume' });
      connection.send(chunk(chunks[2]));
      connection.send({ type: 'end_recording' });
      const complete = await connection.next('complete');
      expect(connection.messages.find((m) => m.type === 'partial')).toEqual({ type: 'partial', text: 'and so' });
      expect(connection.messages.filter((m) => m.type === 'final')).toEqual([
        { type: 'final', text: 'and so my fellow Americans', start: 0.3, end: 2.6 },
        { type: 'final', text: 'ask not' }, // an engine that knows no times sends none
      ]);
      expect(complete).toEqual({ type: 'complete', text: 'and so my fellow Americans ask not' });
    } finally {
      live = real;
    }
  }, 30_000);

  it('answers bytes ffmpeg cannot read with an error and closes; the next connection works', async () => {
    const bad = await open();
    bad.send(chunk(Buffer.from('this is not a webm stream at all, just words '.repeat(40))));
    bad.send({ type: 'end_recording' });
    expect(await bad.next('error')).toMatchObject({ type: 'error', code: 'unprocessable_audio', error: 'Unable to process the audio.' });
    await bad.closed;

    const garbled = await open();
    garbled.send('{not json');
    expect(await garbled.next('error')).toMatchObject({ code: 'bad_message' });
    await garbled.closed;

    const notBase64 = await open();
    notBase64.send({ type: 'audio_chunk', audio: '***', format: 'webm' });
    expect(await notBase64.next('error')).toMatchObject({ code: 'bad_message' });

    const unknownFormat = await open();
    unknownFormat.send({ type: 'audio_chunk', audio: chunks[0].toString('base64'), format: 'application/x-mpegurl' });
    expect(await unknownFormat.next('error')).toMatchObject({ code: 'bad_message' });

    const good = await open();
    for (const piece of chunks) good.send(chunk(piece));
    good.send({ type: 'end_recording' });
    await good.next('complete');
  }, 30_000);

  it('refuses an upgrade without a session (401) and one from another site (403)', async () => {
    expect(await connect({ origin: testApp.url })).toEqual({ status: 401 });
    expect(await connect({ ...sessionHeaders(), origin: 'https://evil.example' })).toEqual({ status: 403 });
    expect(liveResources()).toEqual({ sessions: 0, decoders: 0 });
  });

  it('frees the decoder, the engine stream and the buffers when the connection drops', async () => {
    const connection = await open();
    for (const piece of chunks.slice(0, 4)) connection.send(chunk(piece));
    await connection.next('partial');
    expect(liveResources()).toEqual({ sessions: 1, decoders: 1 });
    connection.socket.terminate();
    await waitFor(liveResources, (r) => r.sessions === 0 && r.decoders === 0, 10_000, 'every live session and decoder freed');
  }, 30_000);

  it('refuses a message over the size limit and more messages a second than allowed', async () => {
    const big = await open();
    big.send({ type: 'audio_chunk', audio: 'A'.repeat(LIVE_MAX_MESSAGE_BYTES), format: 'webm' });
    expect(await big.next('error')).toMatchObject({ code: 'too_large' });
    await big.closed;

    const chatty = await open();
    for (let i = 0; i <= LIVE_MAX_MESSAGES_PER_SECOND; i++) chatty.send({ type: 'pause' });
    expect(await chatty.next('error')).toMatchObject({ code: 'too_many_messages' });
    await chatty.closed;
    await waitFor(liveResources, (r) => r.sessions === 0 && r.decoders === 0, 10_000, 'every live session and decoder freed');
  });

  it("tells the client with the catalogue's words when the engine cannot start", async () => {
    live = { ...real, adapter: 'local', keepsUp: async () => true, close: async () => {}, start: async () => { throw new AiError('temporarily_unavailable'); } };
    try {
      const connection = await open();
      expect(await connection.next('error')).toEqual({ type: 'error', code: 'temporarily_unavailable', error: 'AI transcription service is temporarily unavailable.' });
      await connection.closed;
    } finally {
      live = real;
    }
  });
});

describe('LiveSession', () => {
  it('is unavailable without engines', async () => {
    const events = { partial: () => {}, final: () => {}, failed: () => {} };
    await expect(LiveSession.open(undefined, {}, events)).rejects.toMatchObject({ code: 'unavailable', message: 'Live transcription is not available on this server.' });
    expect(liveResources()).toEqual({ sessions: 0, decoders: 0 });
  });

  it('stops a stream longer than its limit with too_long, and frees it', async () => {
    const failures: string[] = [];
    const session = await LiveSession.open({ live: wordsDouble() } as unknown as Engines, { maxSeconds: 1 }, {
      partial: () => {},
      final: () => {},
      failed: (failure) => failures.push(failure.code),
    });
    session.chunk(Buffer.concat(chunks), 'audio/webm');
    await waitFor(() => failures, (f) => f.length > 0, 10_000, 'a failure');
    expect(failures).toEqual(['too_long']);
    expect(await session.end()).toBeUndefined();
    await waitFor(liveResources, (r) => r.sessions === 0 && r.decoders === 0, 10_000, 'every live session and decoder freed');
  });
});

describe('GET /api/live', () => {
  it('says whether live text is offered and on by default', async () => {
    const response = await client.get('/api/live');
    expect(response.status).toBe(200);
    // The test model is a tiny one, which keeps up on two cores.
    expect(liveCapabilitiesSchema.parse(await response.json())).toEqual({ available: true, recommended: true, adapter: 'local' });
    expect((await new HttpClient(testApp.url).get('/api/live')).status).toBe(401);
  });
});

describe('the streaming test page: POST /api/realtime and GET /api/realtime-stream', () => {
  it('needs a session', async () => {
    const anonymous = new HttpClient(testApp.url);
    expect((await anonymous.get('/api/realtime-stream')).status).toBe(401);
    const response = await anonymous.request('POST', '/api/realtime', chunks[0].toString('latin1'), { 'content-type': 'audio/webm', [REALTIME_CHUNK_INDEX_HEADER]: '0' });
    expect(response.status).toBe(401);
  });

  it('sends what is heard as events while numbered chunks arrive, refuses chunks out of order, and ends a stream left idle', async () => {
    live = wordsDouble();
    const idleMs = realtimeTiming.idleMs;
    const abort = new AbortController();
    try {
      const stream = await fetch(`${testApp.url}/api/realtime-stream`, { headers: { cookie: sessionHeaders().cookie }, signal: abort.signal });
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream');
      const events = readEvents(stream);

      const post = (index: number, bytes: Buffer) => fetch(`${testApp.url}/api/realtime`, {
        method: 'POST',
        headers: { ...sessionHeaders(), 'content-type': 'audio/webm;codecs=opus', [REALTIME_CHUNK_INDEX_HEADER]: String(index) },
        body: new Uint8Array(bytes),
      });
      expect((await post(1, chunks[0])).status).toBe(409);
      const wav = await fetch(`${testApp.url}/api/realtime`, {
        method: 'POST',
        headers: { ...sessionHeaders(), 'content-type': 'audio/wav', [REALTIME_CHUNK_INDEX_HEADER]: '0' },
        body: new Uint8Array(chunks[0]),
      });
      expect(wav.status).toBe(415);
      for (const [index, piece] of chunks.slice(0, 3).entries()) {
        const response = await post(index, piece);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ received: index });
      }
      expect((await post(5, chunks[3])).status).toBe(409);
      expect(await events.next()).toEqual({ text: 'and so' });
      expect(liveResources()).toEqual({ sessions: 1, decoders: 1 });
      // No chunk for the idle time: the stream ends with its last words and frees itself.
      realtimeTiming.idleMs = 200;
      expect((await post(3, chunks[3])).status).toBe(200);
      expect(await events.next()).toEqual({ text: 'ask not' });
      await waitFor(liveResources, (r) => r.sessions === 0 && r.decoders === 0, 10_000, 'every live session and decoder freed');
    } finally {
      realtimeTiming.idleMs = idleMs;
      abort.abort();
      live = real;
    }
  }, 30_000);
});

/** Server-sent events of a response, one parsed `data:` line at a time. */
function readEvents(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(timeoutMs = 10_000): Promise<unknown> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const match = /^data: (.*)$/m.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return JSON.parse(match[1]);
        }
        if (Date.now() > until) throw new Error(`no event within ${timeoutMs} ms`);
        const { value, done } = await reader.read();
        if (done) throw new Error('the event stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
  };
}

/**
 * A live engine double that hears the jfk clip's words: a partial once audio arrives, the
 * first utterance as a final at the pause, the rest at the end.
 */
function wordsDouble(started: LiveStreamOptions[] = []): LiveTranscriber {
  return {
    adapter: 'local',
    keepsUp: async () => true,
    close: async () => {},
    async start(options, events) {
      started.push(options);
      let heard = 0;
      let utterance = 0;
      return {
        write(pcm) {
          heard += pcm.length;
          if (heard > 0 && heard === pcm.length) events.partial('and so');
        },
        pause() {
          if (utterance++ === 0) events.final('and so my fellow Americans', { start: 0.3, end: 2.6 });
        },
        async end() {
          events.final('ask not');
        },
      };
    },
  };
}
