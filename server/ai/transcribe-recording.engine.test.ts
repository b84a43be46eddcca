import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fakes/openai-server.ts';
import { clipDir, concatClips, encodeClip, noiseClip, silenceClip } from '../../test/support/audio-clips.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { CLIPS, clipTranscript, TEST_MODELS_DIR } from '../../test/support/shared-files.ts';
import { sameWords, sentencesOf } from '../voice/sentences.ts';
import { timeTranscript } from '../voice/time-transcript.ts';
import { createEngines, type Engines } from './engines.ts';
import { AiError } from './errors.ts';
import { transcribeRecording, type TranscribeRecordingInput } from './transcribe-recording.ts';

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

/** A recording transcribed and timed as the transcription job does it. */
const timed = (using: Engines, input: Omit<TranscribeRecordingInput, 'time'>) =>
  transcribeRecording(using, { ...input, time: (heard) => timeTranscript({ ...heard, detector: using.speech, language: input.language }) });

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
    const result = await timed(noVad, { audio: jfkWebm });
    expect(result.speech).toBeNull();
    expect(fake.requestsTo('transcriptions')).toHaveLength(1);
    // No engine times and no speech detection: no times are made up.
    expect(result.timings).toEqual({ source: 'none', sentences: [] });
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

describe('where each sentence was said', () => {
  it('aligns a text-only model\'s sentences to the speech of the whole recording, though the speech check stopped early', async () => {
    const text = clipTranscript(CLIPS.jfk);
    fake.setTranscript(text);
    const result = await timed(engines, { audio: jfkWebm, language: 'en' });
    expect(result.speech?.complete).toBe(false); // the check settled on its verdict in the first seconds
    expect(result.timings!.source).toBe('aligned');
    expect(sameWords(result.timings!, text)).toBe(true);
    // jfk.wav's speech runs from 0.32 to 10.62 s (decoded from webm: within a few frames).
    const [sentence] = result.timings!.sentences;
    expect(sentence!.start).toBeCloseTo(0.32, 0);
    expect(sentence!.end).toBeCloseTo(10.62, 0);
    expect(result.transcript.segments).toEqual([]); // no made-up segment either
  });

  it('starts an aligned sentence at the pause where it was said', async () => {
    const text = clipTranscript(CLIPS.english);
    fake.setTranscript(text);
    const result = await timed(engines, { audio: CLIPS.english, language: 'en' });
    const sentences = result.timings!.sentences;
    expect(sentences.map((s) => s.text)).toEqual(sentencesOf(text, 'en'));
    // espeak paused between the sentences at 2.62-2.88 s (the VAD's speech).
    expect(Math.abs(sentences[1]!.start - 2.88)).toBeLessThan(0.5);
  });

  it('keeps whisper-1\'s word times, with the transcript\'s own words and sentences', async () => {
    const text = 'Kasvoin maatilalla. Joka kesä uimme järvessä.';
    fake.setTranscript({ text, language: 'fi', segments: [{ start: 0.5, end: 2, text: 'Kasvoin maatilalla.' }, { start: 3.5, end: 6, text: 'Joka kesä uimme järvessä.' }] });
    const result = await timed(engines, { audio: jfkWebm, language: 'fi', model: 'whisper-1' });
    expect(fake.requestsTo('transcriptions')[0]!.fieldValues!['timestamp_granularities[]']).toEqual(['word', 'segment']);
    const timings = result.timings!;
    expect(timings.source).toBe('words');
    expect(timings.sentences.map((s) => [s.text, s.start, s.end])).toEqual([['Kasvoin maatilalla.', 0.5, 2], ['Joka kesä uimme järvessä.', 3.5, 6]]);
    // OpenAI's words come without punctuation; the timings keep the text's.
    expect(timings.sentences[0]!.words!.map((w) => w.text)).toEqual(['Kasvoin', 'maatilalla.']);
    expect(result.transcript.segments.map((s) => s.text)).toEqual(['Kasvoin maatilalla.', 'Joka kesä uimme järvessä.']);
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
