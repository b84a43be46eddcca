/**
 * npm run bench:live
 *
 * Live text, per engine: how long after a word is spoken it first shows in a partial
 * (p50/p95, ms), and the real-time factor of the live engine (seconds of work per second
 * of audio). The clip (jfk.wav, 11 s) is sent as the browser sends it: 500 ms chunks at
 * real-time pace. Engines: the local whisper.cpp engine on the model in MODELS_DIR
 * (default ./data/models), else on the test-size model of ../shared/models; the OpenAI
 * adapter against the fake OpenAI server's realtime protocol with a stated delay per
 * transcription (the real API is never called). About 40 s in all.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import dotenv from 'dotenv';
import { LIVE_CHUNK_INTERVAL_MS } from '../contract/live.ts';
import { createEngines, type AiConfig, type Engines } from '../server/ai/engines.ts';
import type { LiveTranscriber } from '../server/ai/ports.ts';
import { normaliseAudio } from '../server/audio/normalise.ts';
import { SAMPLE_RATE } from '../server/audio/wav.ts';
import { defaultModel, MODEL_CATALOGUE } from '../server/models/catalogue.ts';
import { startFakeOpenAi } from '../test/fakes/openai-server.ts';
import { CLIPS, TEST_MODELS_DIR } from '../test/support/shared-files.ts';
// whisper.cpp's model-load chatter would bury the table.
import '../test/support/quiet-native-logs.ts';

dotenv.config({ quiet: true });

/** What the fake waits before each transcription's first words and between its deltas. */
const FAKE_DELAY_MS = 300;
const CHUNK_SECONDS = LIVE_CHUNK_INTERVAL_MS / 1000;
const CHUNK_SAMPLES = SAMPLE_RATE * CHUNK_SECONDS;
/** The real-time factor is measured on the clip's first seconds: the whole run stays under two minutes on 2 cores. */
const RTF_SECONDS = 6;

interface Word {
  text: string;
  /** Normalised for matching. */
  key: string;
  start: number;
  end: number;
}

const normalise = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');

/**
 * Word times of the clip, estimated: speech is where 30 ms frames are louder than the
 * background, and the transcript's words are spread over that speech by their length.
 */
function estimateWordTimes(pcm: Int16Array, transcript: string): Word[] {
  const frame = Math.round(SAMPLE_RATE * 0.03);
  const loud: boolean[] = [];
  for (let offset = 0; offset + frame <= pcm.length; offset += frame) {
    let sum = 0;
    for (let i = offset; i < offset + frame; i++) sum += pcm[i] * pcm[i];
    loud.push(Math.sqrt(sum / frame) > 600);
  }
  const speechFrames = loud.flatMap((isLoud, i) => (isLoud ? [i] : []));
  const words = transcript.split(/\s+/).filter(Boolean);
  const weights = words.map((w) => normalise(w).length + 1);
  const total = weights.reduce((a, b) => a + b, 0);
  // Speech time (in frames) to clip time.
  const at = (speechOffset: number) => {
    const index = Math.min(speechFrames.length - 1, Math.max(0, Math.floor(speechOffset)));
    return ((speechFrames[index] ?? 0) + (speechOffset - index)) * 0.03;
  };
  let done = 0;
  return words.map((text, i) => {
    const from = (done / total) * speechFrames.length;
    done += weights[i];
    const to = (done / total) * speechFrames.length;
    return { text, key: normalise(text), start: at(from), end: at(Math.max(from, to - 1)) + 0.03 };
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Observed {
  /** Seconds from the start of sending. */
  at: number;
  kind: 'partial' | 'final';
  text: string;
}

/** Matches the words of each live text, in order, against the reference after the finals so far. */
function firstSeen(events: Observed[], words: Word[], kind: 'partial' | 'final' | 'any'): Map<number, number> {
  const seen = new Map<number, number>();
  let base = 0;
  for (const event of events) {
    let j = base;
    let last = base - 1;
    for (const key of event.text.split(/\s+/).map(normalise).filter(Boolean)) {
      const found = words.findIndex((w, i) => i >= j && i <= j + 3 && w.key === key);
      if (found < 0) continue;
      if ((kind === 'any' || kind === event.kind) && !seen.has(found)) seen.set(found, event.at);
      last = found;
      j = found + 1;
    }
    if (event.kind === 'final' && last >= base) base = last + 1;
  }
  return seen;
}

function pcmChunks(pcm: Int16Array): Int16Array[] {
  const chunks: Int16Array[] = [];
  for (let i = 0; i < pcm.length; i += CHUNK_SAMPLES) chunks.push(pcm.subarray(i, i + CHUNK_SAMPLES));
  return chunks;
}

/** Sends the clip at real-time pace (chunk k when its audio is over) and records what comes back. */
async function pacedRun(live: LiveTranscriber, pcm: Int16Array): Promise<{ events: Observed[]; errors: string[] }> {
  const events: Observed[] = [];
  const errors: string[] = [];
  let t0 = performance.now();
  const now = () => (performance.now() - t0) / 1000;
  const stream = await live.start({ language: 'en', signal: new AbortController().signal }, {
    partial: (text) => events.push({ at: now(), kind: 'partial', text }),
    final: (text) => events.push({ at: now(), kind: 'final', text }),
    error: (error) => errors.push(error.message),
  });
  t0 = performance.now();
  const chunks = pcmChunks(pcm);
  for (let k = 0; k < chunks.length; k++) {
    const due = (k + 1) * CHUNK_SECONDS * 1000 - (performance.now() - t0);
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
    stream.write(chunks[k]);
  }
  await stream.end();
  return { events, errors };
}

/** The clip written at once: seconds until the last final, per second of audio. */
async function realTimeFactor(live: LiveTranscriber, pcm: Int16Array): Promise<number> {
  const stream = await live.start({ language: 'en', signal: new AbortController().signal }, { partial() {}, final() {}, error() {} });
  const start = performance.now();
  for (const chunk of pcmChunks(pcm)) stream.write(chunk);
  await stream.end();
  return (performance.now() - start) / 1000 / (pcm.length / SAMPLE_RATE);
}

const rows: Record<string, string>[] = [];

async function bench(engine: string, model: string, engines: Engines, pcm: Int16Array, words: Word[]) {
  const began = performance.now();
  try {
    const { events, errors } = await pacedRun(engines.live, pcm);
    const rtf = await realTimeFactor(engines.live, pcm.subarray(0, RTF_SECONDS * SAMPLE_RATE));
    // A word is out once the chunk carrying its end has been sent.
    const sentAt = (w: Word) => Math.ceil(w.end / CHUNK_SECONDS - 1e-9) * CHUNK_SECONDS;
    const latencies = (kind: 'partial' | 'final') => [...firstSeen(events, words, kind)].map(([i, at]) => Math.max(0, (at - sentAt(words[i])) * 1000));
    const partial = latencies('partial');
    const final = latencies('final');
    const summary = (values: number[]) => (values.length ? `${percentile(values, 50).toFixed(0)} / ${percentile(values, 95).toFixed(0)}` : 'no words');
    const row = {
      engine,
      model,
      'partial latency p50 / p95 (ms)': partial.length ? summary(partial) : `no words (${events.filter((e) => e.kind === 'partial').length} partials)`,
      'words in partials': `${partial.length} of ${words.length}`,
      'final latency p50 / p95 (ms)': summary(final),
      'real-time factor': rtf.toFixed(3),
    };
    if (errors.length) row['partial latency p50 / p95 (ms)'] = `failed: ${errors[0]}`;
    rows.push(row);
    console.log(`  ${Object.values(row).join(' | ')}`);
    const said = events.filter((e) => e.kind === 'final').map((e) => e.text).join(' ');
    console.log(`    finals: ${said ? JSON.stringify(said) : '(none)'}; measured in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  } catch (error) {
    rows.push({ engine, model, 'partial latency p50 / p95 (ms)': `failed: ${(error as Error).message}` });
    console.log(`  ${engine} | ${model} | failed: ${(error as Error).message}`);
  } finally {
    await engines.close();
  }
}

async function main() {
  const modelsDir = path.resolve(process.env.MODELS_DIR ?? path.join(process.env.DATA_DIR ?? './data', 'models'));
  const threads = Number(process.env.AI_THREADS) || availableParallelism();
  const { pcm: bytes } = await normaliseAudio(CLIPS.jfk);
  const pcm = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const seconds = pcm.length / SAMPLE_RATE;
  const transcript = readFileSync(CLIPS.jfk.replace(/\.wav$/, '.txt'), 'utf8').trim();
  const words = estimateWordTimes(pcm, transcript);

  console.log(`Live transcription: ${path.basename(CLIPS.jfk)} (${seconds.toFixed(1)} s, ${words.length} words), sent in ${LIVE_CHUNK_INTERVAL_MS} ms chunks at real-time pace.`);
  console.log('Word times are estimated (speech found by loudness, words spread over it by length).');
  console.log('Latency: the first partial (or final) holding a word, minus when the chunk carrying the word\'s end was sent; p50 / p95 over the words seen.');
  console.log(`Real-time factor: the clip's first ${RTF_SECONDS} s written at once, seconds until the last final per second of audio (below 1 keeps up).\n`);

  // The local engine: the catalogue's transcriber in MODELS_DIR, else the test-size model.
  const real = MODEL_CATALOGUE.filter((m) => m.role === 'transcriber').find((m) => existsSync(path.join(modelsDir, m.file)));
  const local: Partial<AiConfig> = real
    ? { modelsDir, whisperModelFile: real.file }
    : { modelsDir: TEST_MODELS_DIR, whisperModelFile: 'whisper-cpp-test-stubs/for-tests-ggml-tiny.bin', vadModelFile: 'silero-vad/for-tests-silero-v6.2.0-ggml.bin' };
  if (!real) console.log(`No transcriber model in ${modelsDir} (npm run models); the local engine runs on the test-size model, which may return no words.\n`);
  const localModel = local.whisperModelFile ?? defaultModel('transcriber').file;
  await bench('local whisper.cpp', path.basename(localModel), createEngines({ ...(local as AiConfig), transcriber: 'local', writer: 'local', narrator: 'local', threads }), pcm, words);

  // The OpenAI adapter, against the fake: each item gets the words said in its audio.
  const fake = await startFakeOpenAi();
  try {
    fake.realtime.delayMs = FAKE_DELAY_MS;
    fake.realtime.setTranscript(({ startMs, endMs }) => words
      .filter((w) => w.end * 1000 > startMs && w.end * 1000 <= endMs)
      .map((w) => w.text)
      .join(' '));
    const engines = createEngines({ openaiApiKey: fake.apiKey, openaiBaseUrl: fake.baseUrl, modelsDir: TEST_MODELS_DIR, vadModelFile: 'silero-vad/for-tests-silero-v6.2.0-ggml.bin' });
    await bench(`openai (fake server, ${FAKE_DELAY_MS} ms per transcription step)`, 'gpt-4o-transcribe', engines, pcm, words);
    if (fake.errors.length) console.log(`  the fake saw unexpected requests: ${fake.errors.join('; ')}`);
  } finally {
    await fake.close();
  }

  console.log('\nSummary');
  console.table(rows);
}

// The native log listener keeps the event loop alive: leave once the table is printed.
main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
