import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fakes/openai-server.ts';
import { clipDir, concatClips, encodeClip } from '../../test/support/audio-clips.ts';
import { CLIPS, TEST_MODELS } from '../../test/support/shared-files.ts';
import { normaliseAudio } from '../audio/normalise.ts';
import { SpeechDetector } from './vad.ts';
import { parseWav, pcmToWav, slicePcm } from '../audio/wav.ts';
import { AiError } from './errors.ts';
import type { WhisperContext } from '@fugood/whisper.node';
import { LocalTranscriber } from './local/transcriber.ts';
import { OpenAiTranscriber } from './openai/transcriber.ts';
import type { Transcriber } from './ports.ts';

let fake: FakeOpenAi;
let dir: string;
let remove: () => Promise<void>;
let shortPcm: Buffer; // the first 3.3 s of jfk.wav, normalised
const vad = new SpeechDetector({ modelPath: TEST_MODELS.vad, threads: 2 });

beforeAll(async () => {
  fake = await startFakeOpenAi();
  ({ dir, remove } = await clipDir());
  shortPcm = slicePcm((await normaliseAudio(CLIPS.jfk)).pcm, 0, 3.3);
});
afterAll(async () => {
  await fake.close();
  await vad.close();
  await remove();
});
beforeEach(() => fake.reset());

function openai(overrides: Partial<ConstructorParameters<typeof OpenAiTranscriber>[0]> = {}) {
  return new OpenAiTranscriber({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, timeoutMs: 2000, detector: vad, ...overrides });
}

const adapters: [string, () => Transcriber][] = [
  ['openai', () => openai()],
  ['local', () => new LocalTranscriber({ modelPath: TEST_MODELS.whisper, threads: 2 })],
];

describe.each(adapters)('Transcriber contract: %s', (_name, make) => {
  let transcriber: Transcriber;
  beforeAll(() => {
    transcriber = make();
  });
  afterAll(() => transcriber.close());

  it('transcribes normalised audio, keeping the user\'s language and names', async () => {
    const result = await transcriber.transcribe({ audio: shortPcm, language: 'fi', vocabulary: ['Anna', 'Tampere'] });
    expect(typeof result.text).toBe('string');
    expect(result.language).toBe('fi');
    expect(result.durationSeconds).toBeCloseTo(3.3, 1);
    for (const s of [...result.segments, ...(result.words ?? [])]) {
      expect(s.start).toBeGreaterThanOrEqual(0);
      expect(s.end).toBeLessThanOrEqual(result.durationSeconds + 0.01);
      expect(s.text.length).toBeGreaterThan(0);
    }
    expect(fake.errors).toEqual([]);
  });

  it('refuses audio that was not normalised', async () => {
    const stereo = await encodeClip(CLIPS.jfk, 'wav-44k-stereo', dir);
    await expect(transcriber.transcribe({ audio: stereo })).rejects.toMatchObject({ code: 'unprocessable_audio' });
  });

  it('says it is ready', async () => {
    expect(await transcriber.status()).toMatchObject({ name: 'transcriber', ready: true });
  });
});

describe('OpenAI transcriber', () => {
  it('sends the model, language, names and a WAV file; gpt-4o models give no times, and none are made up', async () => {
    fake.setTranscript('Ask not what your country can do for you.');
    const result = await openai().transcribe({ audio: shortPcm, language: 'en', vocabulary: ['Anna', 'Tampere'] });
    const request = fake.requestsTo('transcriptions')[0]!;
    expect(request.fields).toMatchObject({ model: 'gpt-4o-transcribe', language: 'en', response_format: 'json' });
    expect(request.fields!.prompt).toContain('Anna, Tampere');
    expect(request.file!.name).toBe('recording.wav');
    expect(parseWav(request.file!.bytes)!.sampleRate).toBe(16000);
    expect(request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request.fieldValues!['timestamp_granularities[]']).toBeUndefined();
    expect(result.text).toBe('Ask not what your country can do for you.');
    expect(result.segments).toEqual([]);
    expect(result.words).toBeUndefined();
  });

  it('asks whisper-1 for word and segment times and reads its language', async () => {
    fake.setTranscript({
      text: 'Kasvoin maatilalla.', language: 'fi',
      segments: [{ start: 0.2, end: 1.5, text: 'Kasvoin' }, { start: 1.5, end: 3, text: 'maatilalla.' }],
      words: [{ word: 'Kasvoin', start: 0.3, end: 1.1 }, { word: 'maatilalla', start: 1.6, end: 2.9 }],
    });
    const result = await openai().transcribe({ audio: shortPcm, model: 'whisper-1' });
    const request = fake.requestsTo('transcriptions')[0]!;
    expect(request.fields!.response_format).toBe('verbose_json');
    expect(request.fieldValues!['timestamp_granularities[]']).toEqual(['word', 'segment']);
    expect(result.language).toBe('fi');
    expect(result.segments.map((s) => s.text)).toEqual(['Kasvoin', 'maatilalla.']);
    expect(result.words).toEqual([{ text: 'Kasvoin', start: 0.3, end: 1.1 }, { text: 'maatilalla', start: 1.6, end: 2.9 }]);
  });

  // One request each: the job queue decides about retries (server/jobs/retry-policy.ts).
  const failures: [number | 'timeout', string | undefined, string, boolean][] = [
    [401, undefined, 'authentication_failed', false],
    [429, 'insufficient_quota', 'quota_exceeded', false],
    [400, 'invalid_value', 'unprocessable_audio', false],
    [500, undefined, 'temporarily_unavailable', true],
    ['timeout', undefined, 'temporarily_unavailable', true],
  ];
  it.each(failures)('a provider %s (%s) becomes %s after one request', async (status, code, expected, retryable) => {
    fake.fail('transcriptions', status, code, { times: 10 });
    const transcriber = openai({ timeoutMs: 300 });
    const error = await transcriber.transcribe({ audio: shortPcm }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({ code: expected, retryable });
    expect(fake.requestsTo('transcriptions')).toHaveLength(1);
  });

  it('a wrong key is an authentication failure', async () => {
    const error = await openai({ apiKey: 'sk-wrong' }).transcribe({ audio: shortPcm }).catch((e: unknown) => e);
    expect((error as AiError).code).toBe('authentication_failed');
  });

  it('reports a rate limit with how long the provider asks to wait', async () => {
    fake.fail('transcriptions', 429, 'rate_limit_exceeded', { retryAfterSeconds: 3 });
    const error = await openai().transcribe({ audio: shortPcm }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'temporarily_unavailable', retryable: true, retryAfterMs: 3000 });
    expect(fake.requestsTo('transcriptions').map((r) => r.status)).toEqual([429]);
  });

  it('cuts a recording over the upload limit at silences and stitches the pieces in order', async () => {
    const jfk = (await normaliseAudio(CLIPS.jfk)).pcm; // 11 s = 352 KB
    fake.queueTranscript({ text: 'And so my fellow Americans,', segments: [{ start: 0.3, end: 2.2, text: 'And so my fellow Americans,' }] });
    fake.queueTranscript({ text: 'ask not what your country can do for you,', segments: [{ start: 0.2, end: 2, text: 'ask not what your country can do for you,' }] });
    fake.queueTranscript({ text: 'ask what you can do for your country.', segments: [{ start: 0.1, end: 2, text: 'ask what you can do for your country.' }] });
    const result = await openai({ maxUploadBytes: 160_000, model: 'whisper-1' }).transcribe({ audio: jfk });
    const sent = fake.requestsTo('transcriptions');
    expect(sent.length).toBe(3);
    for (const r of sent) expect(r.file!.size).toBeLessThanOrEqual(160_000);
    expect(result.text).toBe('And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.');
    const starts = result.segments.map((s) => s.start);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(starts[1]).toBeGreaterThan(2.2); // offset by where the piece starts
    // The words too, each piece's moved to where it starts, never past its end.
    const words = result.words!;
    expect(words.map((w) => w.text).slice(0, 6)).toEqual(['And', 'so', 'my', 'fellow', 'Americans', 'ask']);
    expect(words[0]!.start).toBeCloseTo(0.3, 3);
    expect(words[5]!.start).toBeCloseTo(starts[1]!, 3);
    expect([...words.map((w) => w.start)].sort((a, b) => a - b)).toEqual(words.map((w) => w.start));
    expect(sent[1]!.fields!.prompt).toContain('Americans'); // the previous piece carries on
    // Pieces of at most 5 s, cut in jfk's pauses (4.41-5.38 and 7.68-8.16), not in words.
    const durations = sent.map((r) => parseWav(r.file!.bytes)!.data.length / 32000);
    expect(durations[0]).toBeGreaterThan(4.41);
    expect(durations[0]! + durations[1]!).toBeGreaterThan(7.68);
    expect(durations[0]! + durations[1]!).toBeLessThan(8.16);
  });

  it('reads a recording on disk one piece at a time, sending the same pieces as from memory', async () => {
    const jfk = (await normaliseAudio(CLIPS.jfk)).pcm;
    const file = join(dir, 'jfk-normalised.wav');
    await writeFile(file, pcmToWav(jfk));
    for (let i = 0; i < 3; i++) fake.queueTranscript({ text: `Piece ${i}.` });
    const fromFile = await openai({ maxUploadBytes: 160_000, model: 'whisper-1' }).transcribe({ audio: file });
    const sent = fake.requestsTo('transcriptions').map((r) => parseWav(r.file!.bytes)!.data);
    expect(fromFile).toMatchObject({ text: 'Piece 0. Piece 1. Piece 2.', durationSeconds: jfk.length / 32000 });
    expect(sent).toHaveLength(3);
    // Together, the pieces are the recording itself, in order.
    expect(Buffer.concat(sent).equals(jfk)).toBe(true);
  });

  it('splits a piece again when the provider says it is too large', async () => {
    const jfk = (await normaliseAudio(CLIPS.jfk)).pcm;
    fake.fail('transcriptions', 413);
    fake.queueTranscript('First half.', 'Second half.');
    const result = await openai().transcribe({ audio: Buffer.concat([jfk, jfk, jfk]), speech: [{ start: 0, end: 14 }, { start: 17, end: 33 }] });
    expect(fake.requestsTo('transcriptions').map((r) => r.status)).toEqual([413, 200, 200]);
    expect(result.text).toBe('First half. Second half.');
  });

  it('transcribes a 60-minute memory through the 25 MB limit', async () => {
    const hour = await concatClips(Array.from({ length: 12 }, () => CLIPS.jfk), dir, 'two-minutes.wav');
    const pcm = (await normaliseAudio(hour)).pcm;
    const sixty = Buffer.concat(Array.from({ length: 27 }, () => pcm)); // 27 x 132 s = 59.4 min
    const speech = Array.from({ length: 27 * 12 }, (_, i) => ({ start: i * 11 + 0.32, end: i * 11 + 10.62 }));
    fake.setTranscript((request) => `Piece of ${request.file!.size} bytes.`);
    // Each piece is megabytes through the fake's multipart parser: given the time a busy machine needs, as the real default does.
    const result = await openai({ model: 'whisper-1', timeoutMs: 60_000 }).transcribe({ audio: sixty, speech });
    const sent = fake.requestsTo('transcriptions');
    expect(sent.length).toBeGreaterThanOrEqual(6);
    for (const r of sent) expect(r.file!.size).toBeLessThan(25 * 1024 * 1024);
    expect(result.durationSeconds).toBeGreaterThan(3500);
    expect(result.segments.at(-1)!.end).toBeCloseTo(result.durationSeconds, 0);
    expect(result.words!.at(-1)!.end).toBeCloseTo(result.durationSeconds, 0);
    expect(result.text.split('Piece of').length - 1).toBe(sent.length);
  });
});

describe('local transcriber', () => {
  it('gives whisper.cpp a long recording in pieces read from disk, cut at silences, and stitches them in order', async () => {
    const jfk = (await normaliseAudio(CLIPS.jfk)).pcm;
    const file = join(dir, 'jfk-for-pieces.wav');
    await writeFile(file, pcmToWav(jfk));
    // whisper.cpp itself is the contract tests' (above); here, what it is given and how the pieces are joined.
    const given: Buffer[] = [];
    class RecordingPieces extends LocalTranscriber {
      protected override async transcribePiece(_context: WhisperContext, pcm: Buffer) {
        given.push(pcm);
        const n = given.length;
        return { text: `Piece ${n}.`, words: [{ text: 'Piece', start: 0.5, end: 1 }, { text: `${n}.`, start: 1, end: 1.5 }], language: 'en' };
      }
    }
    const local = new RecordingPieces({ modelPath: TEST_MODELS.whisper, threads: 2, maxPieceSeconds: 5 });
    try {
      const speech = [{ start: 0.3, end: 4.41 }, { start: 5.38, end: 7.68 }, { start: 8.16, end: 10.9 }];
      const result = await local.transcribe({ audio: file, speech });
      expect(given.length).toBe(3);
      for (const pcm of given) expect(pcm.length).toBeLessThanOrEqual(5 * 32000);
      // Together, the pieces are the recording itself, in order, cut in its pauses.
      expect(Buffer.concat(given).equals(jfk)).toBe(true);
      expect(given[0]!.length / 32000).toBeGreaterThan(4.41);
      expect(result).toMatchObject({ text: 'Piece 1. Piece 2. Piece 3.', language: 'en' });
      expect(result.durationSeconds).toBeCloseTo(jfk.length / 32000, 3);
      // Each piece's words moved to where it starts; the sentences are timed from them later (transcribe-recording.ts).
      expect(result.segments).toEqual([]);
      const starts = result.words!.filter((w) => w.text === 'Piece').map((w) => w.start);
      expect(starts[0]).toBeCloseTo(0.5, 3);
      expect(starts[1]).toBeCloseTo(given[0]!.length / 32000 + 0.5, 3);
      expect(starts[2]).toBeCloseTo((given[0]!.length + given[1]!.length) / 32000 + 0.5, 3);
    } finally {
      await local.close();
    }
  });

  it('waits for a missing model instead of failing for good', async () => {
    const missing = new LocalTranscriber({ modelPath: '/nowhere/ggml-large-v3-turbo-q5_0.bin' });
    const error = (await missing.transcribe({ audio: shortPcm }).catch((e: unknown) => e)) as AiError;
    expect(error).toMatchObject({ code: 'temporarily_unavailable', retryable: true });
    expect(error.detail).toContain('ggml-large-v3-turbo-q5_0.bin');
    expect(await missing.status()).toMatchObject({ ready: false, fix: expect.stringContaining('npm run models') });
  });

  it('gives a clear error for a file that is not a whisper model', async () => {
    const broken = new LocalTranscriber({ modelPath: CLIPS.jfk });
    await expect(broken.transcribe({ audio: shortPcm })).rejects.toMatchObject({ code: 'temporarily_unavailable' });
  });
});
