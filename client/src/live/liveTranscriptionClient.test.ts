import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveClientMessage } from '../../../contract/live.ts';
import { LiveTranscriptionClient, liveTranscriptionUrl, toBase64, type LiveTranscriptionEvents } from './liveTranscriptionClient.ts';

/** A WebSocket the test drives: it opens, answers and closes when told. */
class FakeSocket extends EventTarget {
  readyState = 0;
  sent: LiveClientMessage[] = [];
  constructor(readonly url: string) {
    super();
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data) as LiveClientMessage);
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  fail() {
    this.dispatchEvent(new Event('error'));
    this.close();
  }
  answer(message: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: typeof message === 'string' ? message : JSON.stringify(message) }));
  }
  types() {
    return this.sent.map((message) => message.type);
  }
}

function setUp(events: LiveTranscriptionEvents = {}, options: { connectTimeoutMs?: number; endTimeoutMs?: number } = {}) {
  const sockets: FakeSocket[] = [];
  const client = new LiveTranscriptionClient(events, {
    url: 'ws://saaga.test/ws/transcription',
    ...options,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
  return { client, socket: () => sockets[0]! };
}

async function connected(events: LiveTranscriptionEvents = {}, options = {}) {
  const set = setUp(events, options);
  const connecting = set.client.connect();
  set.socket().open();
  await connecting;
  return set;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveTranscriptionClient', () => {
  it('uses the secure scheme when the page is secure (spec 7.11)', () => {
    expect(liveTranscriptionUrl({ protocol: 'https:', host: 'saaga.fi' })).toBe('wss://saaga.fi/ws/transcription');
    expect(liveTranscriptionUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws/transcription');
  });

  it('connects: resolves once the socket is open', async () => {
    const { client, socket } = await connected();
    expect(socket().url).toBe('ws://saaga.test/ws/transcription');
    expect(client.isOpen).toBe(true);
  });

  it('rejects when the socket fails before it opens', async () => {
    const { client, socket } = setUp();
    const connecting = client.connect();
    socket().fail();
    await expect(connecting).rejects.toThrow(/could not connect/);
    expect(client.isOpen).toBe(false);
  });

  it('rejects and closes the socket when it does not open in time', async () => {
    vi.useFakeTimers();
    const { client, socket } = setUp({}, { connectTimeoutMs: 1000 });
    const connecting = client.connect();
    const settled = expect(connecting).rejects.toThrow(/in time/);
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    expect(socket().readyState).toBe(3);
  });

  it('sends each chunk as base64 audio_chunk with its format, in recording order', async () => {
    const { client, socket } = await connected();
    const big = new Blob([new Uint8Array(100_000).fill(7)]);
    const small = new Blob([new Uint8Array([1, 2, 3])]);
    void client.sendChunk(big, 'audio/webm;codecs=opus');
    await client.sendChunk(small, 'audio/webm;codecs=opus');
    await client.sendChunk(new Blob([]), 'audio/webm');
    expect(socket().sent).toEqual([
      { type: 'audio_chunk', audio: toBase64(new Uint8Array(100_000).fill(7)), format: 'audio/webm;codecs=opus' },
      { type: 'audio_chunk', audio: 'AQID', format: 'audio/webm;codecs=opus' },
    ]);
  });

  it('sends pause and resume after the chunks before them', async () => {
    const { client, socket } = await connected();
    void client.sendChunk(new Blob([new Uint8Array([1])]), 'audio/webm');
    client.pause();
    client.resume();
    await client.sendChunk(new Blob([new Uint8Array([2])]), 'audio/webm');
    expect(socket().types()).toEqual(['audio_chunk', 'pause', 'resume', 'audio_chunk']);
  });

  it('passes partials, finals and errors on, and ignores what it cannot read', async () => {
    const events = { onPartial: vi.fn(), onFinal: vi.fn(), onError: vi.fn() };
    const { socket } = await connected(events);
    socket().answer({ type: 'partial', text: 'And so' });
    socket().answer({ type: 'final', text: 'And so my fellow Americans' });
    socket().answer({ type: 'final', text: 'ask not', start: 3.1, end: 4.25 });
    socket().answer('not json');
    socket().answer({ type: 'partial' });
    socket().answer({ type: 'error', error: 'Transcription failed', code: 'bad_message' });
    expect(events.onPartial.mock.calls).toEqual([['And so']]);
    expect(events.onFinal.mock.calls).toEqual([
      ['And so my fellow Americans', undefined],
      ['ask not', { start: 3.1, end: 4.25 }],
    ]);
    expect(events.onError.mock.calls).toEqual([[{ code: 'bad_message', message: 'Transcription failed' }]]);
  });

  it('ends: end_recording after the last chunk, resolves with complete text and closes', async () => {
    const { client, socket } = await connected();
    void client.sendChunk(new Blob([new Uint8Array([1])]), 'audio/webm');
    const ending = client.end();
    await vi.waitFor(() => expect(socket().types()).toEqual(['audio_chunk', 'end_recording']), { timeout: 1000 });
    socket().answer({ type: 'complete', text: 'Ask not what your country can do for you.' });
    await expect(ending).resolves.toBe('Ask not what your country can do for you.');
    expect(socket().readyState).toBe(3);
  });

  it('ends with the finals received when complete does not come in time', async () => {
    vi.useFakeTimers();
    const { client, socket } = await connected({}, { endTimeoutMs: 2000 });
    socket().answer({ type: 'final', text: 'Ask not' });
    socket().answer({ type: 'final', text: 'what your country can do' });
    const ending = client.end();
    await vi.advanceTimersByTimeAsync(2000);
    await expect(ending).resolves.toBe('Ask not what your country can do');
    expect(socket().readyState).toBe(3);
  });

  it('ends at once, with what it has, when the socket is already gone', async () => {
    const onError = vi.fn();
    const { client, socket } = await connected({ onError });
    socket().answer({ type: 'final', text: 'Hello' });
    socket().close();
    expect(onError.mock.calls).toEqual([[{ code: 'unavailable', message: expect.any(String) }]]);
    await expect(client.end()).resolves.toBe('Hello');
  });

  it('reports a dropped connection once, after an error the server sent', async () => {
    const onError = vi.fn();
    const { socket } = await connected({ onError });
    socket().answer({ type: 'error', error: 'Too many messages', code: 'too_many_messages' });
    socket().close();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('close() closes the socket and sends nothing after it', async () => {
    const onClose = vi.fn();
    const { client, socket } = await connected({ onClose });
    client.close();
    await client.sendChunk(new Blob([new Uint8Array([1])]), 'audio/webm');
    expect(socket().readyState).toBe(3);
    expect(socket().sent).toEqual([]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('close() while connecting closes the socket and the connect fails', async () => {
    const { client, socket } = setUp();
    const connecting = client.connect();
    client.close();
    await expect(connecting).rejects.toThrow();
    expect(socket().readyState).toBe(3);
  });
});
