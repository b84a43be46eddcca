import { describe, expect, it } from 'vitest';
import type { Transcriber, TranscribeInput } from '../ports.ts';
import { guessKeepsUp, LocalLiveTranscriber } from './live-transcriber.ts';

const RATE = 16_000;

/** A 220 Hz tone loud enough to count as speech. */
function speech(seconds: number): Int16Array {
  const out = new Int16Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) out[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / RATE));
  return out;
}
const silence = (seconds: number) => new Int16Array(Math.round(seconds * RATE));

/** A transcriber double: answers with the seconds it was given, and can be held. */
function fakeTranscriber(name: string) {
  const calls: { seconds: number; signal?: AbortSignal }[] = [];
  let hold: Promise<void> | undefined;
  let release = () => {};
  const transcriber: Transcriber = {
    adapter: 'local',
    async transcribe(input: TranscribeInput) {
      const seconds = (input.audio as Buffer).length / 2 / RATE;
      calls.push({ seconds, signal: input.signal });
      if (hold) await hold;
      input.signal?.throwIfAborted();
      return { text: `${name} ${seconds.toFixed(1)}`, segments: [], language: 'en', durationSeconds: seconds };
    },
    status: async () => ({ name: 'transcriber', adapter: 'local', model: name, ready: true }),
    close: async () => {},
  };
  return {
    transcriber,
    calls,
    holdNext() {
      hold = new Promise((resolve) => { release = () => { hold = undefined; resolve(); }; });
    },
    release: () => release(),
  };
}

function setup(partialModel = 'ggml-base.bin') {
  const partials = fakeTranscriber('p');
  const finals = fakeTranscriber('f');
  const engine = new LocalLiveTranscriber({ partials: partials.transcriber, finals: finals.transcriber, partialModel, cores: 2 });
  return { engine, partials, finals };
}

function recorder() {
  const events: string[] = [];
  const errors: Error[] = [];
  return {
    events,
    errors,
    handlers: {
      partial: (text: string) => events.push(`partial:${text}`),
      final: (text: string) => events.push(`final:${text}`),
      error: (error: Error) => errors.push(error),
    },
  };
}

/** Writes audio in 100 ms pieces, letting pending work run between them as a live stream would. */
async function feed(stream: { write(pcm: Int16Array): void }, pcm: Int16Array) {
  const piece = RATE / 10;
  for (let at = 0; at < pcm.length; at += piece) {
    stream.write(pcm.subarray(at, at + piece));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('LocalLiveTranscriber', () => {
  it('sends partials of at most the last 12 s while the person speaks, and the whole utterance as the final at the end', async () => {
    const { engine, partials, finals } = setup();
    const { events, errors, handlers } = recorder();
    const stream = await engine.start({ signal: new AbortController().signal }, handlers);
    await feed(stream, speech(20));
    await stream.end();

    expect(errors).toEqual([]);
    const partialEvents = events.filter((e) => e.startsWith('partial:'));
    expect(partialEvents.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...partials.calls.map((c) => c.seconds))).toBeCloseTo(12, 1);
    expect(partials.calls[0].seconds).toBeCloseTo(1.5, 1);
    expect(events.at(-1)).toBe('final:f 20.0');
    expect(finals.calls.map((c) => c.seconds)).toEqual([20]);
  });

  it('ends an utterance after 0.8 s of quiet, and the next one starts fresh', async () => {
    const { engine, finals } = setup();
    const { events, handlers } = recorder();
    const stream = await engine.start({ signal: new AbortController().signal }, handlers);
    await feed(stream, speech(1));
    await feed(stream, silence(1));
    expect(finals.calls).toHaveLength(1);
    expect(finals.calls[0].seconds).toBeGreaterThanOrEqual(1.8);
    expect(finals.calls[0].seconds).toBeLessThanOrEqual(1.9);
    await feed(stream, speech(1));
    await stream.end();
    expect(events.filter((e) => e.startsWith('final:'))).toHaveLength(2);
    // The second utterance holds what came after the first one ended, not the first again.
    expect(finals.calls[1].seconds).toBeLessThan(1.3);
  });

  it('transcribes nothing when nobody speaks, and keeps only a second of silence before speech', async () => {
    const { engine, partials, finals } = setup();
    const { events, handlers } = recorder();
    const stream = await engine.start({ signal: new AbortController().signal }, handlers);
    await feed(stream, silence(10));
    await stream.end();
    expect(events).toEqual([]);
    expect(partials.calls.length + finals.calls.length).toBe(0);

    const second = await engine.start({ signal: new AbortController().signal }, recorder().handlers);
    await feed(second, silence(10));
    await feed(second, speech(1));
    await second.end();
    expect(finals.calls[0].seconds).toBeLessThanOrEqual(3.01);
  });

  it('tells where in the stream each final was said: its window, from its lead-in to the end of its speech', async () => {
    const { engine } = setup();
    const said: { text: string; start?: number; end?: number }[] = [];
    const stream = await engine.start({ signal: new AbortController().signal }, {
      partial: () => {},
      final: (text, time) => said.push({ text, ...time }),
      error: (error) => { throw error; },
    });
    await feed(stream, silence(5)); // only the last second or two of it is kept as lead-in
    await feed(stream, speech(2));
    await feed(stream, silence(1)); // 0.8 s of it ends the utterance
    await feed(stream, speech(1.5));
    await stream.end();
    expect(said).toHaveLength(2);
    expect(said[0].start).toBeGreaterThanOrEqual(3);
    expect(said[0].start).toBeLessThanOrEqual(4);
    expect(said[0].end).toBeCloseTo(7, 1);
    expect(said[1].start).toBeGreaterThanOrEqual(7.7);
    expect(said[1].start).toBeLessThanOrEqual(8);
    expect(said[1].end).toBeCloseTo(9.5, 1);
  });

  it("finishes the utterance when the recorder pauses", async () => {
    const { engine } = setup();
    const { events, handlers } = recorder();
    const stream = await engine.start({ signal: new AbortController().signal }, handlers);
    await feed(stream, speech(1));
    stream.pause();
    await stream.end();
    expect(events).toEqual(['final:f 1.0']);
  });

  it('skips a partial while another stream holds whisper, but a final waits its turn', async () => {
    const { engine, partials, finals } = setup();
    const a = recorder();
    const b = recorder();
    const streamA = await engine.start({ signal: new AbortController().signal }, a.handlers);
    const streamB = await engine.start({ signal: new AbortController().signal }, b.handlers);
    await feed(streamA, speech(1));
    finals.holdNext();
    streamA.pause(); // A's final now holds the gate
    await feed(streamB, speech(3));
    expect(partials.calls).toHaveLength(0);
    const ended = streamB.end();
    finals.release();
    await Promise.all([ended, streamA.end()]);
    expect(a.events).toEqual(['final:f 1.0']);
    expect(b.events).toEqual(['final:f 3.0']);
  });

  it('stops at once when the connection drops: the running job is aborted and nothing more is reported', async () => {
    const { engine, finals } = setup();
    const { events, errors, handlers } = recorder();
    const controller = new AbortController();
    const stream = await engine.start({ signal: controller.signal }, handlers);
    await feed(stream, speech(1));
    finals.holdNext();
    stream.pause();
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    finals.release();
    await stream.end();
    expect(finals.calls[0].signal?.aborted).toBe(true);
    expect(events).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('reports an engine failure once and then stays quiet', async () => {
    const failing: Transcriber = {
      adapter: 'local',
      transcribe: async () => { throw new Error('whisper broke'); },
      status: async () => ({ name: 'transcriber', adapter: 'local', model: 'x', ready: true }),
      close: async () => {},
    };
    const engine = new LocalLiveTranscriber({ partials: failing, finals: failing, partialModel: 'x' });
    const { events, errors, handlers } = recorder();
    const stream = await engine.start({ signal: new AbortController().signal }, handlers);
    await feed(stream, speech(4));
    await stream.end();
    expect(errors.map((e) => e.message)).toEqual(['whisper broke']);
    expect(events).toEqual([]);
  });

  it('keeps up: guessed from the model before any run, then measured', async () => {
    expect(guessKeepsUp('ggml-base.bin', 2)).toBe(true);
    expect(guessKeepsUp('ggml-small.bin', 2)).toBe(false);
    expect(guessKeepsUp('ggml-small.bin', 8)).toBe(true);
    expect(guessKeepsUp('ggml-large-v3-turbo-q5_0.bin', 16)).toBe(false);

    const { engine } = setup('ggml-large-v3-turbo-q5_0.bin');
    expect(await engine.keepsUp()).toBe(false);
    const stream = await engine.start({ signal: new AbortController().signal }, recorder().handlers);
    await feed(stream, speech(2));
    await stream.end();
    // The double answers at once: far faster than speech.
    expect(await engine.keepsUp()).toBe(true);
  });
});
