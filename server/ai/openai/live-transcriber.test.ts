import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fakes/openai-server.ts';
import { CLIPS } from '../../../test/support/shared-files.ts';
import { normaliseAudio } from '../../audio/normalise.ts';
import { AiError } from '../errors.ts';
import type { LiveTranscriptEvents } from '../ports.ts';
import { OpenAiLiveTranscriber, realtimeUrl, Resampler16To24 } from './live-transcriber.ts';
import { until } from '../../../test/support/wait-for.ts';

/** The adapter against the fake's realtime protocol: the jfk clip, 16 kHz, in 100 ms pieces. */
let fake: FakeOpenAi;
let jfk: Int16Array;
const JFK = 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const { pcm } = await normaliseAudio(CLIPS.jfk);
  jfk = new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength));
}, 60_000);
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  expect(fake.errors).toEqual([]);
});

function recorder() {
  const seen: { kind: 'partial' | 'final' | 'error'; text: string; error?: Error }[] = [];
  const events: LiveTranscriptEvents = {
    partial: (text) => seen.push({ kind: 'partial', text }),
    final: (text) => seen.push({ kind: 'final', text }),
    error: (error) => seen.push({ kind: 'error', text: error.message, error }),
  };
  return { seen, events, finals: () => seen.filter((e) => e.kind === 'final').map((e) => e.text) };
}

function transcriber(overrides: Partial<ConstructorParameters<typeof OpenAiLiveTranscriber>[0]> = {}) {
  return new OpenAiLiveTranscriber({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, timeoutMs: 5000, model: 'gpt-4o-transcribe', finishTimeoutMs: 5000, ...overrides });
}

function pieces(pcm: Int16Array, samples = 1600): Int16Array[] {
  const out: Int16Array[] = [];
  for (let i = 0; i < pcm.length; i += samples) out.push(pcm.subarray(i, i + samples));
  return out;
}

describe('realtimeUrl', () => {
  it('turns the API base into the transcription WebSocket', () => {
    expect(realtimeUrl('https://api.openai.com/v1')).toBe('wss://api.openai.com/v1/realtime?intent=transcription');
    expect(realtimeUrl(undefined)).toBe('wss://api.openai.com/v1/realtime?intent=transcription');
    expect(realtimeUrl('http://127.0.0.1:8080/v1/')).toBe('ws://127.0.0.1:8080/v1/realtime?intent=transcription');
  });
});

describe('Resampler16To24', () => {
  it('makes 3 samples of 2, the same in pieces as whole, interpolating between them', () => {
    const input = Int16Array.from({ length: 1000 }, (_, i) => Math.round(Math.sin(i / 7) * 10_000));
    const whole = new Resampler16To24().push(input);
    expect(whole.length).toBe(1499); // positions 0, 2/3, ... up to the last input sample
    const split = new Resampler16To24();
    const parts = [input.subarray(0, 333), input.subarray(333, 334), input.subarray(334)].map((p) => split.push(p));
    expect(Array.from(parts.flatMap((p) => Array.from(p)))).toEqual(Array.from(whole));
    const ramp = new Resampler16To24().push(Int16Array.from([0, 300, 600]));
    expect(Array.from(ramp)).toEqual([0, 200, 400, 600]);
  });
});

describe('OpenAiLiveTranscriber', () => {
  it('streams the clip: session settings, partials, then finals with the words said, and end() after the last', async () => {
    fake.realtime.setTranscript(JFK);
    fake.realtime.delayMs = 20; // the last final comes well after the last append
    const { seen, events, finals } = recorder();
    const live = transcriber();
    const controller = new AbortController();
    const stream = await live.start({ language: 'en', vocabulary: ['Kennedy'], signal: controller.signal }, events);
    const session = fake.realtime.sessions[0];
    expect(session.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(session.config.audio.input).toMatchObject({
      format: { type: 'audio/pcm', rate: 24000 },
      transcription: { model: 'gpt-4o-transcribe', language: 'en' },
      turn_detection: { type: 'server_vad' },
    });
    expect(session.config.audio.input.transcription.prompt).toContain('Kennedy');

    for (const piece of pieces(jfk)) stream.write(piece);
    await stream.end();

    expect(session.audioBytes).toBe((Math.floor(((jfk.length - 1) * 3) / 2) + 1) * 2); // 24 kHz
    const appends = session.received.filter((e) => e.type === 'input_audio_buffer.append').map((e) => e.bytes);
    expect(Math.max(...appends)).toBe(7200); // 150 ms at 24 kHz
    expect(session.items.filter((i) => i.by === 'vad').length).toBeGreaterThan(0);
    expect(seen.find((e) => e.kind === 'error')).toBeUndefined();
    // Every item's words arrive as growing partials first, then as one final each.
    const all = finals().join(' ');
    expect(finals().length).toBe(session.items.filter((i) => i.transcript).length);
    expect(finals().length).toBeGreaterThan(0);
    expect(JFK.startsWith(all)).toBe(true);
    const firstFinal = seen.findIndex((e) => e.kind === 'final');
    expect(seen.slice(0, firstFinal).some((e) => e.kind === 'partial' && finals()[0].startsWith(e.text))).toBe(true);
    // end() committed what the VAD had not, and resolved only after its final.
    expect(session.items.at(-1)?.transcript).toBe(finals().at(-1));
    await until(() => session.closed, 5000, 'the socket to close');
    expect(session.closeCode).toBe(1000);
    expect(fake.realtime.refused.filter((r) => r.code !== 'input_audio_buffer_commit_empty')).toEqual([]);
    expect(fake.errors).toEqual([]);
  });

  it("tells where each final was said: the VAD's audio_start_ms to audio_end_ms, or to the audio sent when our commit ended it", async () => {
    fake.realtime.setTranscript(JFK);
    const said: { text: string; start?: number; end?: number }[] = [];
    const stream = await transcriber().start({ language: 'en', signal: new AbortController().signal }, {
      partial: () => {},
      final: (text, time) => said.push({ text, ...time }),
      error: (error) => { throw error; },
    });
    for (const piece of pieces(jfk)) stream.write(piece);
    await stream.end();
    const clipSeconds = jfk.length / 16_000;
    expect(said.length).toBeGreaterThan(1);
    for (const [i, final] of said.entries()) {
      expect(final.start, final.text).toBeGreaterThanOrEqual(i === 0 ? 0 : said[i - 1].end! - 0.5);
      expect(final.end, final.text).toBeGreaterThan(final.start!);
      expect(final.end, final.text).toBeLessThanOrEqual(clipSeconds + 0.01);
    }
    // JFK starts speaking a moment in, not at the first sample.
    expect(said[0].start).toBeGreaterThan(0);
  });

  it('pause() commits the utterance in progress, and the fake answers it', async () => {
    fake.realtime.setTranscript(['my fellow Americans', 'ask not']);
    const { events, finals } = recorder();
    const stream = await transcriber().start({ language: 'fi', signal: new AbortController().signal }, events);
    const session = fake.realtime.sessions[0];
    expect(session.config.audio.input.transcription.language).toBe('fi');
    // The first second of speech, with no pause the VAD could end it at.
    for (const piece of pieces(jfk.subarray(16_000 * 0.3, 16_000 * 1.3))) stream.write(piece);
    stream.pause();
    await until(() => finals().length === 1, 5000, 'the paused utterance');
    expect(session.commits).toBe(1);
    expect(session.items.map((i) => i.by)).toEqual(['client']);
    expect(finals()).toEqual(['my fellow Americans']);
    await stream.end();
    expect(session.commits).toBe(1); // nothing new to commit
  });

  it('aborting the signal closes the socket at once and says nothing more', async () => {
    const { seen, events } = recorder();
    const controller = new AbortController();
    const stream = await transcriber().start({ signal: controller.signal }, events);
    const session = fake.realtime.sessions[0];
    for (const piece of pieces(jfk.subarray(0, 16_000))) stream.write(piece);
    controller.abort();
    await session.closedPromise;
    expect(session.closed).toBe(true);
    stream.write(jfk.subarray(0, 1600));
    await stream.end();
    expect(seen).toEqual([]);
  });

  it('a wrong key is refused at the upgrade: authentication_failed', async () => {
    const error = await transcriber({ apiKey: 'sk-wrong' }).start({ signal: new AbortController().signal }, recorder().events).catch((e) => e);
    expect(error).toBeInstanceOf(AiError);
    expect(error.code).toBe('authentication_failed');
    expect(fake.realtime.refused).toEqual([{ stage: 'upgrade', status: 401, code: 'invalid_api_key', asked: false }]);
  });

  it('maps quota and server failures to the catalogue', async () => {
    fake.realtime.fail('upgrade', { status: 429, code: 'insufficient_quota' });
    const quota = await transcriber().start({ signal: new AbortController().signal }, recorder().events).catch((e) => e);
    expect(quota.code).toBe('quota_exceeded');

    fake.realtime.fail('session', { code: 'timeout' });
    const slow = await transcriber({ timeoutMs: 200 }).start({ signal: new AbortController().signal }, recorder().events).catch((e) => e);
    expect(slow.code).toBe('temporarily_unavailable');

    const bad = await transcriber({ model: 'gpt-3' }).start({ signal: new AbortController().signal }, recorder().events).catch((e) => e);
    expect(bad.code).toBe('temporarily_unavailable');
    expect(fake.realtime.refused.at(-1)).toMatchObject({ stage: 'event', code: 'invalid_value', asked: false });

    // Mid-stream: an error event ends the stream with the catalogue's error.
    fake.realtime.fail('audio', { code: 'insufficient_quota' });
    const { seen, events } = recorder();
    const stream = await transcriber().start({ signal: new AbortController().signal }, events);
    for (const piece of pieces(jfk.subarray(0, 8000))) stream.write(piece);
    await until(() => seen.length > 0, 5000, 'the error');
    expect(seen.map((e) => (e.error as AiError | undefined)?.code)).toEqual(['quota_exceeded']);
    await stream.end();
  });
});
