import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fakes/openai-server.ts';
import { clipDir, concatClips, encodeClip, noiseClip, silenceClip } from '../../test/support/audio-clips.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { CLIPS, TEST_MODELS_DIR } from '../../test/support/shared-files.ts';
import { createEngines, type Engines } from './engines.ts';
import { AiError } from './errors.ts';
import { transcribeRecording } from './transcribe-recording.ts';

const VAD_FILE = 'silero-vad/for-tests-silero-v6.2.0-ggml.bin';
let fake: FakeOpenAi;
let engines: Engines;
let dir: string;
let remove: () => Promise<void>;
let jfkWebm: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  ({ dir, remove } = await clipDir());
  jfkWebm = await encodeClip(CLIPS.jfk, 'webm-opus', dir);
  engines = createEngines({ openaiApiKey: fake.apiKey, openaiBaseUrl: fake.baseUrl, modelsDir: TEST_MODELS_DIR, vadModelFile: VAD_FILE, threads: 2 });
});
afterAll(async () => {
  await engines.close();
  await fake.close();
  await remove();
});
beforeEach(() => fake.reset());

async function failure(promise: Promise<unknown>): Promise<AiError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}

describe('a recording from upload to transcript (OpenAI engine)', () => {
  it('transcribes a browser recording with the real duration, the speech found and the user\'s names', async () => {
    fake.setTranscript('And so my fellow Americans, ask not what your country can do for you.');
    const result = await transcribeRecording(engines, { audio: jfkWebm, language: 'en', vocabulary: ['Anna'] });
    expect(result.durationSeconds).toBeCloseTo(11, 0);
    expect(result.speech?.verdict).toBe('speech');
    expect(result.transcript.text).toContain('fellow Americans');
    const request = fake.requestsTo('transcriptions')[0]!;
    expect(request.fields).toMatchObject({ model: 'gpt-4o-transcribe', language: 'en' });
    expect(request.fields!.prompt).toContain('Anna');
  });

  it('refuses silence before any paid call', async () => {
    const error = await failure(transcribeRecording(engines, { audio: await silenceClip(4, dir, 'silence.webm') }));
    expect(error.code).toBe('no_speech');
    expect(error.message).toContain('No speech detected');
    expect(fake.requests).toEqual([]);
  });

  it('refuses noise before any paid call', async () => {
    const error = await failure(transcribeRecording(engines, { audio: await noiseClip(4, dir, 'brown') }));
    expect(['no_speech', 'very_little_speech']).toContain(error.code);
    expect(fake.requests).toEqual([]);
  });

  it('refuses a file that is not audio before any paid call', async () => {
    const bogus = join(dir, 'recording.webm');
    await writeFile(bogus, '<html>not a recording</html>');
    expect((await failure(transcribeRecording(engines, { audio: bogus }))).code).toBe('unprocessable_audio');
    expect(fake.requests).toEqual([]);
  });

  it.each([
    ['Thank you.', 'no_speech'],
    ['Hello there.', 'too_few_words'],
    [`I remember. ${'And then we went home. '.repeat(12)}`, 'excessive_repetition'],
  ])('maps the transcript "%s" to %s', async (text, code) => {
    fake.setTranscript(text);
    expect((await failure(transcribeRecording(engines, { audio: jfkWebm }))).code).toBe(code);
  });

  it('lets audio through unchecked when the VAD model is missing', async () => {
    const noVad = createEngines({ openaiApiKey: fake.apiKey, openaiBaseUrl: fake.baseUrl, modelsDir: TEST_MODELS_DIR, vadModelFile: 'missing.bin' });
    fake.setTranscript('Ask not what your country can do for you.');
    const result = await transcribeRecording(noVad, { audio: jfkWebm });
    expect(result.speech).toBeNull();
    expect(fake.requestsTo('transcriptions')).toHaveLength(1);
  });

  it('passes the provider\'s refusal on with its catalogue code', async () => {
    fake.fail('transcriptions', 429, 'insufficient_quota');
    expect((await failure(transcribeRecording(engines, { audio: jfkWebm }))).code).toBe('quota_exceeded');
  });

  it('stops when its job is stopped during the speech check: no transcription, and no "VAD failed" either', async () => {
    // Speech only at the end of 3 minutes: the check goes on a window at a time until it is stopped.
    const long = await concatClips([await silenceClip(180, dir, 'silence-3-minutes.wav'), CLIPS.jfk], dir, 'late-speech.wav');
    const logged: string[] = [];
    const controller = new AbortController();
    const before = engines.speech.examinedSeconds;
    const transcribing = transcribeRecording({ ...engines, log: (_level, message) => logged.push(message) }, { audio: long, signal: controller.signal });
    await waitFor(async () => engines.speech.examinedSeconds, (seconds) => seconds > before, 60_000);
    controller.abort();
    await expect(transcribing).rejects.toThrow(/abort/i);
    expect(logged).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});

describe('a recording from upload to transcript (local engine)', () => {
  it('runs ffmpeg, the VAD and whisper.cpp; the weightless test model hears nothing, which is no speech', async () => {
    const local = createEngines({ modelsDir: TEST_MODELS_DIR, vadModelFile: VAD_FILE, whisperModelFile: 'whisper-cpp-test-stubs/for-tests-ggml-tiny.bin', threads: 2 });
    try {
      const mp3 = await encodeClip(CLIPS.english, 'mp3', dir);
      expect((await failure(transcribeRecording(local, { audio: mp3, language: 'en' }))).code).toBe('no_speech');
    } finally {
      await local.close();
    }
  });
});
