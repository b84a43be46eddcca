/**
 * npm run bench:engines
 *
 * Prints, for the models this machine has: the real-time factor of each transcriber
 * (seconds of work per second of audio; below 1 is faster than real time), the tokens
 * per second of each writer, what normalisation (ffmpeg) and the VAD cost per minute of
 * audio, and how long the VAD takes to refuse the longest silent recording. Looks for real
 * models in MODELS_DIR (default ./data/models) and for the test-size ones in ../shared/models; the OpenAI engines are measured only when
 * OPENAI_API_KEY is set (that sends one short clip and one story request).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import dotenv from 'dotenv';
import { RECORDING_LIMITS } from '../contract/recording-limits.ts';
import { normaliseAudio } from '../server/audio/normalise.ts';
import { SpeechDetector } from '../server/ai/vad.ts';
import { LocalJsonGenerator } from '../server/ai/local/generator.ts';
import { LocalTranscriber } from '../server/ai/local/transcriber.ts';
import { OpenAiJsonGenerator } from '../server/ai/openai/generator.ts';
import { OpenAiTranscriber } from '../server/ai/openai/transcriber.ts';
import type { Transcriber } from '../server/ai/ports.ts';
import { TaskWriter } from '../server/ai/writer.ts';
import { MODEL_CATALOGUE } from '../server/models/catalogue.ts';
import { writeStoryTask } from '../server/pipeline/story-tasks.ts';
import { concatClips, encodeClip, silenceClip } from '../test/support/audio-clips.ts';
import { CLIPS, TEST_MODELS } from '../test/support/shared-files.ts';

dotenv.config({ quiet: true });

const modelsDir = path.resolve(process.env.MODELS_DIR ?? path.join(process.env.DATA_DIR ?? './data', 'models'));
const threads = Number(process.env.AI_THREADS) || availableParallelism();
const rows: string[][] = [];
const seconds = (start: number) => (performance.now() - start) / 1000;
const report = (engine: string, model: string, measure: string, value: string) => {
  rows.push([engine, model, measure, value]);
  console.log(`  ${engine} | ${model} | ${measure} | ${value}`);
};

const story = 'I grew up on a farm near Tampere with my sister Anna. Every summer in 1965 we swam in the lake, '
  + 'and in the winter we skied to school across the frozen fields. Our father kept cows and our mother baked rye bread.';

async function benchTranscriber(name: string, model: string, transcriber: Transcriber, pcm: Buffer, audioSeconds: number) {
  try {
    await transcriber.transcribe({ audio: pcm.subarray(0, 32_000), language: 'en' }); // load the model first
    const start = performance.now();
    await transcriber.transcribe({ audio: pcm, language: 'en' });
    report(`transcriber ${name}`, model, 'real-time factor', (seconds(start) / audioSeconds).toFixed(3));
  } catch (error) {
    report(`transcriber ${name}`, model, 'failed', (error as Error).message);
  } finally {
    await transcriber.close();
  }
}

async function main() {
  console.log(`Benchmarking on ${availableParallelism()} cores with ${threads} threads; real models from ${modelsDir}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'saaga-bench-'));
  try {
    // One minute of speech, as a browser would upload it.
    const minuteWav = await concatClips(Array.from({ length: 6 }, () => CLIPS.jfk), dir, 'minute.wav');
    const minuteWebm = await encodeClip(minuteWav, 'webm-opus', dir);
    let start = performance.now();
    const minute = await normaliseAudio(minuteWebm);
    const minutes = minute.durationSeconds / 60;
    report('ffmpeg', 'webm/opus -> 16 kHz PCM', 'seconds per minute of audio', (seconds(start) / minutes).toFixed(3));

    const vadModels = [path.join(modelsDir, 'ggml-silero-v6.2.0.bin'), TEST_MODELS.vad].filter(existsSync);
    for (const modelPath of vadModels.slice(0, 1)) {
      const vad = new SpeechDetector({ modelPath, threads: Math.min(threads, 2) });
      await vad.detect(minute.pcm.subarray(0, 32_000));
      start = performance.now();
      await vad.detect(minute.pcm);
      const perMinute = seconds(start) / minutes;
      report('vad', path.basename(modelPath), 'seconds per minute of audio', perMinute.toFixed(3));
      // The longest recording taken, silent: refused after the first look (decision 030), where the whole pass looked at all of it.
      const silentHours = await silenceClip(RECORDING_LIMITS.maxDurationSeconds, dir, 'silent-longest.wav');
      const before = vad.examinedSeconds;
      start = performance.now();
      const silent = await vad.assessFile(silentHours);
      const examined = vad.examinedSeconds - before;
      report('vad', path.basename(modelPath), `silent ${RECORDING_LIMITS.maxDurationSeconds / 3600} h: ${silent.verdict} after s (whole pass, estimated)`,
        `${seconds(start).toFixed(1)} (${(perMinute * RECORDING_LIMITS.maxDurationSeconds / 60).toFixed(0)})`);
      report('vad', path.basename(modelPath), 'silent: audio looked at by the model, s', examined.toFixed(0));
      await vad.close();
    }

    const clip = (await normaliseAudio(CLIPS.jfk)).pcm;
    const clipSeconds = clip.length / 32_000;
    const whisperFiles = [
      ...MODEL_CATALOGUE.filter((m) => m.role === 'transcriber').map((m) => path.join(modelsDir, m.file)),
      TEST_MODELS.whisper,
    ].filter(existsSync);
    for (const modelPath of whisperFiles) {
      await benchTranscriber('local', path.basename(modelPath), new LocalTranscriber({ modelPath, threads }), clip, clipSeconds);
    }

    const writerFiles = [
      ...MODEL_CATALOGUE.filter((m) => m.role === 'writer').map((m) => path.join(modelsDir, m.file)),
      TEST_MODELS.writer,
    ].filter(existsSync);
    for (const modelPath of writerFiles) {
      const generator = new LocalJsonGenerator({ modelPath, threads, maxOutputTokens: 1024, seed: 1 });
      const writer = new TaskWriter(generator);
      try {
        await writer.run(writeStoryTask, { transcripts: [story], language: 'en' });
        const stats = generator.lastStats!;
        report('writer local', path.basename(modelPath), 'tokens per second (prompt included)', `${(stats.tokens / stats.seconds).toFixed(1)} (${stats.tokens} tokens)`);
      } catch (error) {
        report('writer local', path.basename(modelPath), 'failed', (error as Error).message);
      } finally {
        await writer.close();
      }
    }

    const apiKey = process.env.OPENAI_API_KEY;
    if (apiKey) {
      const settings = { apiKey, baseUrl: process.env.OPENAI_BASE_URL };
      const transcriber = new OpenAiTranscriber(settings);
      await benchTranscriber('openai', transcriber.model, transcriber, clip, clipSeconds);
      const generator = new OpenAiJsonGenerator({ ...settings, model: process.env.OPENAI_WRITER_MODEL ?? 'gpt-5' });
      start = performance.now();
      try {
        const { story: written } = await new TaskWriter(generator).run(writeStoryTask, { transcripts: [story], language: 'en' });
        const tokens = Math.round(JSON.stringify(written).length / 4); // about 4 characters a token
        report('writer openai', generator.model, 'tokens per second (estimated)', (tokens / seconds(start)).toFixed(1));
      } catch (error) {
        report('writer openai', generator.model, 'failed', (error as Error).message);
      }
    } else {
      report('openai engines', '-', 'skipped', 'set OPENAI_API_KEY to measure them');
    }
    if (!whisperFiles.some((f) => f.startsWith(modelsDir)) || !writerFiles.some((f) => f.startsWith(modelsDir))) {
      console.log(`\nOnly test-size local models were found; run \`npm run models\` for the real ones.`);
    }
    console.log('\nSummary');
    console.table(rows.map(([engine, model, measure, value]) => ({ engine, model, measure, value })));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
