import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_STORY_MODEL, DEFAULT_TRANSCRIPTION_MODEL, DEFAULT_TTS_VOICE } from '../../contract/ai-settings.ts';
import { SpeechDetector } from './vad.ts';
import { defaultModel, LIVE_PARTIAL_MODEL_IDS, MODEL_CATALOGUE } from '../models/catalogue.ts';
import { LocalJsonGenerator } from './local/generator.ts';
import { LocalLiveTranscriber } from './local/live-transcriber.ts';
import { LocalNarrator } from './local/narrator.ts';
import { LocalTranscriber } from './local/transcriber.ts';
import { DEFAULT_OPENAI_TIMEOUT_MS } from './openai/client.ts';
import { OpenAiJsonGenerator } from './openai/generator.ts';
import { OpenAiLiveTranscriber } from './openai/live-transcriber.ts';
import { DEFAULT_TTS_MODEL, OpenAiNarrator } from './openai/narrator.ts';
import { OpenAiTranscriber } from './openai/transcriber.ts';
import type { AdapterName, LiveTranscriber, Narrator, Transcriber, Writer } from './ports.ts';
import { TaskWriter } from './writer.ts';

/** Everything the AI layer needs to know, passed in by the server's config module. */
export interface AiConfig {
  /** OPENAI_API_KEY. With one, every engine defaults to `openai`; without, to `local`. */
  openaiApiKey?: string;
  /** OPENAI_BASE_URL: Ollama, vLLM, llama.cpp server, LocalAI, speaches... */
  openaiBaseUrl?: string;
  /** MODELS_DIR: where local model files live. */
  modelsDir: string;
  /** Threads for the local engines (default: every core). */
  threads?: number;
  /** Force an adapter per engine (otherwise chosen by the key). */
  transcriber?: AdapterName;
  writer?: AdapterName;
  narrator?: AdapterName;
  /** OpenAI models and voice (defaults: gpt-4o-transcribe, gpt-5, gpt-4o-mini-tts, alloy). */
  transcriptionModel?: string;
  writerModel?: string;
  narratorModel?: string;
  narratorVoice?: string;
  /** Local model file names in modelsDir (defaults from the model catalogue). */
  whisperModelFile?: string;
  writerModelFile?: string;
  vadModelFile?: string;
  /** Local writer limits (tokens). */
  localContextSize?: number;
  localMaxOutputTokens?: number;
  /** How long a job waits to look again while a local model file is missing (default a minute; tests shorten it). */
  missingModelRetryMs?: number;
  /** OpenAI request timeout. Failed requests are retried by the job queue, not here. */
  requestTimeoutMs?: number;
  /** Upload limit per transcription request (default 24 MB); long audio is split below it. */
  maxUploadBytes?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

export interface Engines {
  transcriber: Transcriber;
  writer: Writer;
  narrator: Narrator;
  /** Live text while the person speaks: the same adapter as the transcriber. */
  live: LiveTranscriber;
  /** Silero VAD: runs before any transcription, whichever engine transcribes. */
  speech: SpeechDetector;
  /** One line naming each engine, as logged at start. */
  summary: string;
  close(): Promise<void>;
}

/** Which adapter each engine gets: forced by config, else `openai` when a key is set. */
export function chooseAdapters(config: Pick<AiConfig, 'openaiApiKey' | 'transcriber' | 'writer' | 'narrator'>): Record<'transcriber' | 'writer' | 'narrator', AdapterName> {
  const fallback: AdapterName = config.openaiApiKey ? 'openai' : 'local';
  return {
    transcriber: config.transcriber ?? fallback,
    writer: config.writer ?? fallback,
    narrator: config.narrator ?? fallback,
  };
}

/** Builds the three engines and the VAD from configuration, and logs the choice. Nothing loads until first use. */
export function createEngines(config: AiConfig): Engines {
  const adapters = chooseAdapters(config);
  const threads = config.threads ?? availableParallelism();
  const openai = {
    apiKey: config.openaiApiKey ?? '',
    baseUrl: config.openaiBaseUrl,
    timeoutMs: config.requestTimeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS,
  };
  const file = (name: string | undefined, role: 'transcriber' | 'writer' | 'vad') => join(config.modelsDir, name ?? defaultModel(role).file);

  const speech = new SpeechDetector({ modelPath: file(config.vadModelFile, 'vad'), threads: Math.min(threads, 2) });

  const transcriber: Transcriber = adapters.transcriber === 'openai'
    ? new OpenAiTranscriber({ ...openai, model: config.transcriptionModel ?? DEFAULT_TRANSCRIPTION_MODEL, maxUploadBytes: config.maxUploadBytes, detector: speech })
    : new LocalTranscriber({ modelPath: file(config.whisperModelFile, 'transcriber'), threads, missingModelRetryMs: config.missingModelRetryMs });

  const live: LiveTranscriber = transcriber instanceof LocalTranscriber
    ? localLive(transcriber, config, threads)
    : new OpenAiLiveTranscriber({ ...openai, model: config.transcriptionModel ?? DEFAULT_TRANSCRIPTION_MODEL });

  const writer = new TaskWriter(adapters.writer === 'openai'
    ? new OpenAiJsonGenerator({ ...openai, model: config.writerModel ?? DEFAULT_STORY_MODEL })
    : new LocalJsonGenerator({
      modelPath: file(config.writerModelFile, 'writer'),
      threads,
      contextSize: config.localContextSize,
      maxOutputTokens: config.localMaxOutputTokens,
      missingModelRetryMs: config.missingModelRetryMs,
    }));

  const narrator: Narrator = adapters.narrator === 'openai'
    ? new OpenAiNarrator({ ...openai, model: config.narratorModel ?? DEFAULT_TTS_MODEL, voice: config.narratorVoice ?? DEFAULT_TTS_VOICE })
    : new LocalNarrator();

  const where = config.openaiBaseUrl ? ` at ${config.openaiBaseUrl}` : '';
  const describe = (adapter: AdapterName, model: string) => (adapter === 'openai' ? `openai ${model}${where}` : `local ${model}`);
  const summary = [
    `transcriber=${describe(adapters.transcriber, adapters.transcriber === 'openai' ? config.transcriptionModel ?? DEFAULT_TRANSCRIPTION_MODEL : config.whisperModelFile ?? defaultModel('transcriber').file)}`,
    `writer=${describe(adapters.writer, adapters.writer === 'openai' ? config.writerModel ?? DEFAULT_STORY_MODEL : config.writerModelFile ?? defaultModel('writer').file)}`,
    `narrator=${describe(adapters.narrator, adapters.narrator === 'openai' ? config.narratorModel ?? DEFAULT_TTS_MODEL : 'espeak-ng')}`,
    `vad=${config.vadModelFile ?? defaultModel('vad').file}`,
  ].join(', ');
  config.log?.('info', `AI engines: ${summary}`);

  return {
    transcriber,
    live,
    writer,
    narrator,
    speech,
    summary,
    async close() {
      await Promise.all([transcriber.close(), live.close(), writer.close(), narrator.close(), speech.close()]);
    },
  };
}

/**
 * The local live engine: partials from a smaller catalogue model when one is in MODELS_DIR
 * (its own whisper.cpp context), else from the durable model; finals always from the durable
 * model, sharing its loaded context and its one-at-a-time queue.
 */
function localLive(durable: LocalTranscriber, config: AiConfig, threads: number): LiveTranscriber {
  const smaller = LIVE_PARTIAL_MODEL_IDS
    .map((id) => MODEL_CATALOGUE.find((m) => m.id === id))
    .find((m) => m && m.file !== durable.model && existsSync(join(config.modelsDir, m.file)));
  const partials = smaller ? new LocalTranscriber({ modelPath: join(config.modelsDir, smaller.file), threads }) : durable;
  return new LocalLiveTranscriber({
    partials,
    finals: durable,
    partialModel: smaller?.file ?? durable.model,
    cores: availableParallelism(),
    close: smaller ? () => partials.close() : undefined,
  });
}
