/**
 * What the fake OpenAI server knows about the real API: its error bodies, the models and
 * voices it takes, the rules of strict structured outputs and of reasoning models. Written
 * from the API's documented behaviour, independently of Saaga's adapters, so that the
 * adapter tests check the adapters against the API and not against themselves.
 */
import { pcmToWav } from '../../server/audio/wav.ts';

export interface FailOptions {
  /** How many requests in a row fail (default 1). */
  times?: number;
  retryAfterSeconds?: number;
  message?: string;
}

export const SPEECH_MODELS = ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts'];
export const VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'];
export const AUDIO_EXTENSIONS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];
export const SPEECH_FORMATS: Record<string, { type: string; ffmpeg?: string[] }> = {
  mp3: { type: 'audio/mpeg', ffmpeg: ['-codec:a', 'libmp3lame', '-f', 'mp3'] },
  opus: { type: 'audio/ogg', ffmpeg: ['-codec:a', 'libopus', '-f', 'ogg'] },
  aac: { type: 'audio/aac', ffmpeg: ['-codec:a', 'aac', '-f', 'adts'] },
  flac: { type: 'audio/flac', ffmpeg: ['-codec:a', 'flac', '-f', 'flac'] },
  wav: { type: 'audio/wav' },
  pcm: { type: 'audio/pcm' },
};
export const LANGUAGE_NAMES: Record<string, string> = { en: 'english', fi: 'finnish' };

/** An error answer: status, JSON body, headers. */
export class HttpFailure {
  constructor(readonly status: number, readonly body: unknown, readonly headers: Record<string, string> = {}) {}
}

export function apiError(status: number, message: string, type: string, code: string | null, param: string | null = null): HttpFailure {
  return new HttpFailure(status, { error: { message, type, param, code } });
}

/** The error the real API gives for a status (and code) a test asked for. */
export function failureFor(status: number, code: string | undefined, options: FailOptions): HttpFailure {
  const headers: Record<string, string> = options.retryAfterSeconds !== undefined ? { 'retry-after': String(options.retryAfterSeconds) } : {};
  if (status === 401) return apiError(401, options.message ?? 'Incorrect API key provided.', 'invalid_request_error', code ?? 'invalid_api_key');
  if (status === 429 && (code ?? 'insufficient_quota') === 'insufficient_quota') {
    return apiError(429, options.message ?? 'You exceeded your current quota, please check your plan and billing details.', 'insufficient_quota', 'insufficient_quota');
  }
  if (status === 429) {
    const failure = apiError(429, options.message ?? 'Rate limit reached for requests.', 'requests', code ?? 'rate_limit_exceeded');
    return new HttpFailure(429, failure.body, { 'retry-after': '1', ...headers });
  }
  if (status === 413) return apiError(413, options.message ?? 'Maximum content size limit (26214400) exceeded.', 'server_error', code ?? null);
  if (status >= 500) {
    return new HttpFailure(status, { error: { message: options.message ?? 'The server had an error while processing your request. Sorry about that!', type: 'server_error', param: null, code: code ?? null } }, headers);
  }
  return new HttpFailure(status, { error: { message: options.message ?? 'Bad request', type: 'invalid_request_error', param: null, code: code ?? null } }, headers);
}

/** A second of a quiet 440 Hz tone at 24 kHz, as the speech endpoint's audio. */
export function toneWav(): Buffer {
  const rate = 24_000;
  const pcm = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i++) pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 3000), i * 2);
  return pcmToWav(pcm, rate);
}

/** A value that fits a JSON schema, for chat requests no test gave a reply to. */
export function sampleFromSchema(schema: any, key = 'value'): unknown {
  if (!schema || typeof schema !== 'object') return null;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.anyOf)) return sampleFromSchema(schema.anyOf[0], key);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') ?? 'null' : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = sampleFromSchema(v, k);
      return out;
    }
    case 'array': return [];
    case 'string': return `Sample ${key}`;
    case 'number': case 'integer': return 0;
    case 'boolean': return false;
    default: return null;
  }
}

/** Why a schema would be refused by strict structured outputs, or undefined. */
export function strictSchemaProblem(schema: any, path = '(root)'): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (type.includes('object')) {
    if (schema.additionalProperties !== false) return `In context=${path}, 'additionalProperties' is required to be supplied and to be false.`;
    const keys = Object.keys(schema.properties ?? {});
    const missing = keys.filter((k) => !(schema.required ?? []).includes(k));
    if (missing.length) return `In context=${path}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`;
    for (const k of keys) {
      const problem = strictSchemaProblem(schema.properties[k], `('properties', '${k}')`);
      if (problem) return problem;
    }
  }
  if (schema.items) return strictSchemaProblem(schema.items, `${path}, 'items'`);
  for (const sub of schema.anyOf ?? []) {
    const problem = strictSchemaProblem(sub, path);
    if (problem) return problem;
  }
  return undefined;
}

/** Reasoning models refuse a temperature other than 1. */
export function isReasoningModel(model: string): boolean {
  return /^(o\d)(\b|-|$)/.test(model) || (/^gpt-5/.test(model) && !/^gpt-5(\.\d+)?-chat/.test(model));
}
