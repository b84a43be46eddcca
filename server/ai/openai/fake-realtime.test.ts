import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fakes/openai-server.ts';

/**
 * The fake's realtime protocol, spoken by hand (not through the adapter): it must refuse
 * what the real API refuses and detect turns as its server VAD does, or the adapter's tests
 * prove nothing.
 */
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const url = (query = '?intent=transcription') => `${fake.baseUrl.replace(/^http/, 'ws')}/realtime${query}`;

/** A socket with every server event it got, and a wait for the next of a type. */
async function connect(key = fake.apiKey, query?: string) {
  const socket = new WebSocket(url(query), { headers: { Authorization: `Bearer ${key}` } });
  const events: any[] = [];
  const waiters: { type: string; resolve: (event: any) => void }[] = [];
  socket.on('message', (data) => {
    const event = JSON.parse(data.toString());
    events.push(event);
    for (const w of waiters.filter((w) => w.type === event.type)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(event);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    socket.once('error', reject);
  });
  const next = (type: string) => new Promise<any>((resolve, reject) => {
    const seen = events.find((e) => e.type === type && !e.taken);
    if (seen) {
      seen.taken = true;
      return resolve(seen);
    }
    const timer = setTimeout(() => reject(new Error(`no ${type} within 5 s`)), 5000);
    waiters.push({ type, resolve: (e) => { clearTimeout(timer); e.taken = true; resolve(e); } });
  });
  const send = (event: unknown) => socket.send(JSON.stringify(event));
  return { socket, events, next, send };
}

const update = (input: Record<string, unknown> = {}) => ({
  type: 'session.update',
  session: {
    type: 'transcription',
    audio: { input: { format: { type: 'audio/pcm', rate: 24000 }, transcription: { model: 'gpt-4o-transcribe', language: 'fi' }, turn_detection: { type: 'server_vad', silence_duration_ms: 500 }, ...input } },
  },
});

/** 24 kHz PCM16: a loud tone or silence. */
function pcm(ms: number, loud: boolean): string {
  const samples = new Int16Array((24_000 * ms) / 1000);
  if (loud) for (let i = 0; i < samples.length; i++) samples[i] = Math.round(Math.sin(i / 5) * 8000);
  return Buffer.from(samples.buffer).toString('base64');
}

describe('fake OpenAI realtime', () => {
  it('refuses a wrong key at the upgrade with 401, and a session without intent=transcription', async () => {
    await expect(connect('sk-wrong')).rejects.toThrow('upgrade refused: 401');
    await expect(connect(fake.apiKey, '?model=gpt-realtime')).rejects.toThrow('upgrade refused: 400');
    expect(fake.takeErrors()).toEqual([expect.stringContaining('without intent=transcription')]);
    expect(fake.realtime.refused.map((r) => r.status)).toEqual([401, 400]);
  });

  it('checks session.update: format, model and language', async () => {
    const { next, send, socket } = await connect();
    expect((await next('session.created')).session.type).toBe('transcription');
    send(update({ format: { type: 'audio/pcm', rate: 16000 } }));
    expect((await next('error')).error.param).toBe('session.audio.input.format');
    send(update({ transcription: { model: 'gpt-3' } }));
    expect((await next('error')).error.param).toBe('session.audio.input.transcription.model');
    send(update({ transcription: { model: 'whisper-1', language: 'xx' } }));
    expect((await next('error')).error.param).toBe('session.audio.input.transcription.language');
    send({ type: 'transcription_session.update', session: {} }); // the beta's event, not GA's
    expect((await next('error')).error.code).toBe('invalid_value');
    expect(fake.takeErrors()).toEqual(['unexpected realtime event: transcription_session.update']);
    send(update());
    expect((await next('session.updated')).session.audio.input.transcription.language).toBe('fi');
    socket.close();
  });

  it('refuses appends that are not base64 PCM16, and commits under 100 ms', async () => {
    const { next, send, socket } = await connect();
    send(update());
    await next('session.updated');
    send({ type: 'input_audio_buffer.append', audio: 'not base64!' });
    expect((await next('error')).error.param).toBe('audio');
    send({ type: 'input_audio_buffer.append', audio: Buffer.from([1, 2, 3]).toString('base64') });
    expect((await next('error')).error.message).toContain('even number');
    send({ type: 'input_audio_buffer.append', audio: pcm(60, true) });
    send({ type: 'input_audio_buffer.commit' });
    expect((await next('error')).error.code).toBe('input_audio_buffer_commit_empty');
    socket.close();
  });

  it('detects a turn by its server VAD, and transcribes each committed item', async () => {
    fake.realtime.setTranscript(['hyvää päivää', 'kiitos']);
    const { next, send, events, socket } = await connect();
    send(update());
    await next('session.updated');
    send({ type: 'input_audio_buffer.append', audio: pcm(200, false) });
    send({ type: 'input_audio_buffer.append', audio: pcm(800, true) });
    const started = await next('input_audio_buffer.speech_started');
    send({ type: 'input_audio_buffer.append', audio: pcm(600, false) });
    const stopped = await next('input_audio_buffer.speech_stopped');
    expect(stopped.item_id).toBe(started.item_id);
    expect(stopped.audio_end_ms).toBeGreaterThanOrEqual(1500);
    expect((await next('input_audio_buffer.committed')).item_id).toBe(started.item_id);
    const completed = await next('conversation.item.input_audio_transcription.completed');
    expect(completed).toMatchObject({ item_id: started.item_id, transcript: 'hyvää päivää' });
    const deltas = events.filter((e) => e.type === 'conversation.item.input_audio_transcription.delta').map((e) => e.delta);
    expect(deltas.join('')).toBe('hyvää päivää');

    // An explicit commit in the middle of speech ends that item at once.
    send({ type: 'input_audio_buffer.append', audio: pcm(300, true) });
    send({ type: 'input_audio_buffer.commit' });
    const second = await next('input_audio_buffer.committed');
    expect(second.previous_item_id).toBe(started.item_id);
    await next('conversation.item.input_audio_transcription.completed');
    expect(fake.realtime.sessions[0].items.map((i) => [i.by, i.transcript])).toEqual([['vad', 'hyvää päivää'], ['client', 'kiitos']]);
    socket.close();
    await fake.realtime.sessions[0].closedPromise;
    expect(fake.realtime.openSessions()).toEqual([]);
  });
});
