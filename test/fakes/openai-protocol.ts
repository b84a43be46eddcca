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
  /**
   * Only requests this accepts fail (others pass, and do not count): e.g. a story's writing
   * and not the follow-up questions asked after it. The parsed JSON body, or the form fields.
   */
  matches?: (request: { json?: any; fields?: Record<string, string> }) => boolean;
  retryAfterSeconds?: number;
  /**
   * A rate limit's wait in milliseconds, sent as `retry-after-ms` (read first by the OpenAI
   * SDK and by Saaga) beside `retry-after` in whole seconds: a test waits out a few of them
   * in a fraction of a second.
   */
  retryAfterMs?: number;
  message?: string;
}

/**
 * Models of POST /v1/audio/transcriptions, from the API reference
 * (https://platform.openai.com/docs/api-reference/audio/createTranscription, `model`).
 * Only whisper-1 answers `verbose_json` (same page, `response_format`).
 */
export const TRANSCRIPTION_MODELS = [
  'whisper-1',
  'gpt-4o-transcribe',
  'gpt-4o-mini-transcribe',
  'gpt-4o-mini-transcribe-2025-12-15',
  'gpt-4o-transcribe-diarize',
];

/**
 * Languages the speech-to-text guide lists as supported, as the ISO-639-1 codes the
 * `language` field takes, with the names whisper-1 reports in `verbose_json`
 * (https://platform.openai.com/docs/guides/speech-to-text#supported-languages).
 */
export const TRANSCRIPTION_LANGUAGES: Record<string, string> = {
  af: 'afrikaans', ar: 'arabic', hy: 'armenian', az: 'azerbaijani', be: 'belarusian', bs: 'bosnian',
  bg: 'bulgarian', ca: 'catalan', zh: 'chinese', hr: 'croatian', cs: 'czech', da: 'danish', nl: 'dutch',
  en: 'english', et: 'estonian', fi: 'finnish', fr: 'french', gl: 'galician', de: 'german', el: 'greek',
  he: 'hebrew', hi: 'hindi', hu: 'hungarian', is: 'icelandic', id: 'indonesian', it: 'italian',
  ja: 'japanese', kn: 'kannada', kk: 'kazakh', ko: 'korean', lv: 'latvian', lt: 'lithuanian',
  mk: 'macedonian', ms: 'malay', mr: 'marathi', mi: 'maori', ne: 'nepali', no: 'norwegian', fa: 'persian',
  pl: 'polish', pt: 'portuguese', ro: 'romanian', ru: 'russian', sr: 'serbian', sk: 'slovak',
  sl: 'slovenian', es: 'spanish', sw: 'swahili', sv: 'swedish', tl: 'tagalog', ta: 'tamil', th: 'thai',
  tr: 'turkish', uk: 'ukrainian', ur: 'urdu', vi: 'vietnamese', cy: 'welsh',
};

/** Models and voices of POST /v1/audio/speech (https://platform.openai.com/docs/api-reference/audio/createSpeech). */
export const SPEECH_MODELS = ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts', 'gpt-4o-mini-tts-2025-12-15'];
export const VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse', 'marin', 'cedar'];
/** verbose_json's `timestamp_granularities[]` values. */
export const TIMESTAMP_GRANULARITIES = ['word', 'segment'];

/**
 * whisper-1's words for segments: each segment's words without punctuation (as the API gives
 * them), sharing the segment's span by length.
 */
export function verboseWords(segments: { start: number; end: number; text: string }[]): { word: string; start: number; end: number }[] {
  return segments.flatMap((segment) => {
    const words = segment.text.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')).filter(Boolean);
    const total = words.reduce((sum, w) => sum + w.length, 0);
    let done = 0;
    return words.map((word) => {
      const start = segment.start + ((segment.end - segment.start) * done) / total;
      done += word.length;
      return { word, start, end: segment.start + ((segment.end - segment.start) * done) / total };
    });
  });
}

export const AUDIO_EXTENSIONS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];
export const SPEECH_FORMATS: Record<string, { type: string; ffmpeg?: string[] }> = {
  mp3: { type: 'audio/mpeg', ffmpeg: ['-codec:a', 'libmp3lame', '-f', 'mp3'] },
  opus: { type: 'audio/ogg', ffmpeg: ['-codec:a', 'libopus', '-f', 'ogg'] },
  aac: { type: 'audio/aac', ffmpeg: ['-codec:a', 'aac', '-f', 'adts'] },
  flac: { type: 'audio/flac', ffmpeg: ['-codec:a', 'flac', '-f', 'flac'] },
  wav: { type: 'audio/wav' },
  pcm: { type: 'audio/pcm' },
};

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
  if (options.retryAfterMs !== undefined) {
    headers['retry-after-ms'] = String(options.retryAfterMs);
    headers['retry-after'] ??= String(Math.ceil(options.retryAfterMs / 1000));
  }
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
