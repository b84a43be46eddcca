/**
 * A local HTTP server that speaks the OpenAI API as Saaga uses it, for tests.
 *
 *   const fake = await startFakeOpenAi();            // port 0: a free port on 127.0.0.1
 *   createEngines({ openaiApiKey: fake.apiKey, openaiBaseUrl: fake.baseUrl, ... });
 *   fake.setTranscript('I grew up near Tampere.');   // every transcription answers this
 *   fake.queueChatReply({ title: ..., content: ... }); // the next chat completion answers this
 *   fake.fail('transcriptions', 429, 'insufficient_quota'); // the next transcription fails so
 *   fake.fail('chat', 'timeout');                     // the next chat request never answers
 *   const held = fake.hold('transcriptions', (r) => r.fields?.language === 'fi'); // wait until held.release()
 *   expect(fake.requests.at(-1)?.fields?.language).toBe('fi');
 *   expect(fake.requests.at(-1)?.fieldValues?.['timestamp_granularities[]']).toEqual(['word', 'segment']);
 *   expect(fake.refused).toEqual([{ endpoint: 'transcriptions', status: 429, code: 'insufficient_quota', asked: true }]);
 *   expect(fake.errors).toEqual([]);                  // nothing unexpected was asked
 *   await fake.close();
 *
 * It checks requests as the real API does (API key, model names, file type and size,
 * language, strict JSON schemas, temperature on reasoning models, voices) and answers
 * 400/401/413 like it; every refusal is listed in `refused`, marked `asked` when a test
 * asked for it with `fail`. An unknown path gets a 500 and is recorded in `errors`, which
 * `reset` will not silently forget.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runFfmpeg } from '../../server/audio/ffmpeg.ts';
import { parseWav } from '../../server/audio/wav.ts';
import { createFakeRealtime, type FakeRealtime } from './openai-realtime.ts';
import {
  apiError, AUDIO_EXTENSIONS, failureFor, TIMESTAMP_GRANULARITIES, verboseWords, HttpFailure, isReasoningModel, sampleFromSchema, SPEECH_FORMATS,
  SPEECH_MODELS, strictSchemaProblem, toneWav, TRANSCRIPTION_LANGUAGES, TRANSCRIPTION_MODELS, VOICES, type FailOptions,
} from './openai-protocol.ts';

export { sampleFromSchema, strictSchemaProblem, SPEECH_MODELS, VOICES, type FailOptions };

export type FakeEndpoint = 'transcriptions' | 'chat' | 'speech';

export interface RecordedRequest {
  endpoint: FakeEndpoint | 'models' | 'unknown';
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body (chat, speech). */
  json?: any;
  /** Text fields of a multipart body (transcriptions); a field sent more than once keeps its last value. */
  fields?: Record<string, string>;
  /** Every value of each text field, in order (an array goes as `key[]` once per item, as the openai SDK sends it). */
  fieldValues?: Record<string, string[]>;
  file?: { name: string; type: string; size: number; bytes: Buffer };
  /** The status the fake answered. */
  status: number;
}

export interface TranscriptReply {
  text: string;
  /** ISO code; reported as a language name by whisper-1, as the real API does. */
  language?: string;
  segments?: { start: number; end: number; text: string }[];
  /** whisper-1's words when asked for (`timestamp_granularities[]=word`); by default the segments' words, spread over them. */
  words?: { word: string; start: number; end: number }[];
}

/** A request the fake refused: with an error status, or by never answering. */
export interface Refusal {
  endpoint: RecordedRequest['endpoint'];
  status: number | 'timeout';
  /** The error body's code (null when the API gives none). */
  code: string | null;
  /** Whether a test asked for it with `fail`; otherwise the request broke one of the API's rules. */
  asked: boolean;
}

/** Requests held back until the test releases them. */
export interface Hold {
  /** How many requests are waiting now. */
  readonly waiting: number;
  /** Answers the held requests and lets later ones through. */
  release(): void;
}

export interface ChatRequestInfo {
  model: string;
  schemaName?: string;
  schema?: any;
  messages: { role: string; content: string }[];
}

type Reply<Req, Res> = Res | ((request: Req) => Res);
/** A chat answer: the JSON value itself, or a function of the request that gives it. */
export type ChatReply = ((request: ChatRequestInfo) => unknown) | Record<string, unknown> | unknown[] | string;


export interface FakeOpenAi {
  /** Base URL with /v1, as OPENAI_BASE_URL takes it. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly requests: RecordedRequest[];
  /** Requests the fake did not expect; a passing test leaves this empty. */
  readonly errors: string[];
  /** Every refused request, in order; tests say which refusals they expect. */
  readonly refused: Refusal[];
  fail(endpoint: FakeEndpoint, status: number | 'timeout', code?: string, options?: FailOptions): void;
  /** The realtime (streaming transcription) WebSocket on the same address: test/fakes/openai-realtime.ts. */
  readonly realtime: FakeRealtime;
  /** Holds requests to an endpoint (those `matches` picks) unanswered until `release()`. */
  hold(endpoint: FakeEndpoint, matches?: (request: RecordedRequest) => boolean): Hold;
  setTranscript(reply: Reply<RecordedRequest, string | TranscriptReply>): void;
  queueTranscript(...replies: (string | TranscriptReply)[]): void;
  setChatReply(reply: ChatReply): void;
  queueChatReply(...replies: unknown[]): void;
  /** Requests to one endpoint. */
  requestsTo(endpoint: FakeEndpoint): RecordedRequest[];
  /** Returns the unexpected requests recorded so far and forgets them: for a test that provokes one. */
  takeErrors(): string[];
  /**
   * Forgets requests, refusals, queued failures, holds and replies (keeps the key). Throws
   * while unexpected requests are unread, so a test cannot lose them by resetting.
   */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeOpenAiOptions {
  apiKey?: string;
  /** The real API's limit is 25 MiB. */
  maxFileBytes?: number;
  host?: string;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const apiKey = options.apiKey ?? 'sk-test-saaga';
  const maxFileBytes = options.maxFileBytes ?? 25 * 1024 * 1024;
  const requests: RecordedRequest[] = [];
  const errors: string[] = [];
  const refused: Refusal[] = [];
  const holds: { endpoint: FakeEndpoint; matches: (request: RecordedRequest) => boolean; waiting: number; released: Promise<void>; release: () => void }[] = [];
  const failures: Record<FakeEndpoint, { status: number | 'timeout'; code?: string; options: FailOptions; left: number }[]> = {
    transcriptions: [], chat: [], speech: [],
  };
  let transcriptReply: Reply<RecordedRequest, string | TranscriptReply> = 'This is a transcript from the fake OpenAI server.';
  const transcriptQueue: (string | TranscriptReply)[] = [];
  let chatReply: ChatReply | undefined;
  const chatQueue: unknown[] = [];
  let speechCache: Map<string, Buffer> = new Map();

  async function speechAudio(format: string): Promise<Buffer> {
    const cached = speechCache.get(format);
    if (cached) return cached;
    const wav = toneWav();
    let audio = wav;
    if (format === 'pcm') audio = parseWav(wav)!.data;
    const spec = SPEECH_FORMATS[format];
    if (spec?.ffmpeg) {
      const result = await runFfmpeg(['-v', 'error', '-f', 'wav', '-i', 'pipe:0', ...spec.ffmpeg, 'pipe:1'], { stdin: wav, timeoutMs: 30_000 });
      if (result.exitCode !== 0) throw new Error(`fake speech: ffmpeg failed: ${result.stderr}`);
      audio = result.stdout;
    }
    speechCache.set(format, audio);
    return audio;
  }

  /** Waits while a test holds this request. */
  async function holdIfAsked(endpoint: FakeEndpoint, record: RecordedRequest): Promise<void> {
    const hold = holds.find((h) => h.endpoint === endpoint && h.matches(record));
    if (!hold) return;
    hold.waiting += 1;
    await hold.released;
    hold.waiting -= 1;
  }

  function takeFailure(endpoint: FakeEndpoint, record: RecordedRequest) {
    const queue = failures[endpoint];
    const next = queue[0];
    if (!next || (next.options.matches && !next.options.matches(record))) return undefined;
    next.left -= 1;
    if (next.left <= 0) queue.shift();
    return next;
  }

  async function transcriptions(record: RecordedRequest, request: IncomingMessage, body: Buffer): Promise<unknown> {
    const type = request.headers['content-type'] ?? '';
    if (!type.startsWith('multipart/form-data')) throw apiError(400, 'Expected a multipart/form-data body.', 'invalid_request_error', null);
    if (body.length > maxFileBytes) {
      throw apiError(413, `Maximum content size limit (${maxFileBytes}) exceeded (${body.length} bytes read)`, 'server_error', null);
    }
    const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(body) }).formData();
    const fields: Record<string, string> = {};
    const fieldValues: Record<string, string[]> = {};
    let file: File | undefined;
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') {
        fields[key] = value;
        (fieldValues[key] ??= []).push(value);
      } else if (key === 'file') file = value;
    }
    record.fields = fields;
    record.fieldValues = fieldValues;
    await holdIfAsked('transcriptions', record);
    if (!fields.model) throw apiError(400, 'you must provide a model parameter', 'invalid_request_error', null, 'model');
    if (!TRANSCRIPTION_MODELS.includes(fields.model)) {
      throw apiError(400, `Invalid model ${fields.model}.`, 'invalid_request_error', 'invalid_value', 'model');
    }
    if (!file) throw apiError(400, "Missing required parameter: 'file'.", 'invalid_request_error', 'missing_required_parameter', 'file');
    const bytes = Buffer.from(await file.arrayBuffer());
    record.file = { name: file.name, type: file.type, size: bytes.length, bytes };
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!AUDIO_EXTENSIONS.includes(extension) && !file.type.startsWith('audio/')) {
      throw apiError(400, `Invalid file format. Supported formats: ${JSON.stringify(AUDIO_EXTENSIONS)}`, 'invalid_request_error', 'invalid_value', 'file');
    }
    const wav = extension === 'wav' ? parseWav(bytes) : undefined;
    if (bytes.length === 0 || (extension === 'wav' && !wav)) {
      throw apiError(400, 'Audio file might be corrupted or unsupported', 'invalid_request_error', 'invalid_value', 'file');
    }
    if (fields.language && !(fields.language in TRANSCRIPTION_LANGUAGES)) {
      throw apiError(400, `Language '${fields.language}' is not supported.`, 'invalid_request_error', 'unsupported_language', 'language');
    }
    const format = fields.response_format ?? 'json';
    if (format === 'verbose_json' && fields.model !== 'whisper-1') {
      throw apiError(400, `response_format 'verbose_json' is not compatible with model '${fields.model}'. Use 'json' or 'text' instead.`, 'invalid_request_error', 'unsupported_value', 'response_format');
    }
    // The API documents timestamp granularities for verbose_json only (whisper-1).
    const granularities = fieldValues['timestamp_granularities[]'] ?? [];
    const unknown = granularities.find((g) => !TIMESTAMP_GRANULARITIES.includes(g));
    if (unknown) {
      throw apiError(400, `Invalid value: '${unknown}'. Supported values are: 'word' and 'segment'.`, 'invalid_request_error', 'invalid_value', 'timestamp_granularities');
    }
    if (granularities.length && format !== 'verbose_json') {
      throw apiError(400, "timestamp_granularities requires response_format 'verbose_json'.", 'invalid_request_error', 'unsupported_value', 'timestamp_granularities');
    }
    const queued = transcriptQueue.shift();
    const raw = queued ?? (typeof transcriptReply === 'function' ? transcriptReply(record) : transcriptReply);
    const reply: TranscriptReply = typeof raw === 'string' ? { text: raw } : raw;
    const duration = wav ? wav.data.length / (wav.sampleRate * wav.channels * (wav.bitsPerSample / 8)) : 1;
    if (format === 'text') return reply.text;
    if (format !== 'verbose_json') return { text: reply.text, usage: { type: 'duration', seconds: Math.ceil(duration) } };
    const language = reply.language ?? fields.language ?? 'en';
    const segments = reply.segments ?? [{ start: 0, end: duration, text: reply.text }];
    // Segments unless only words were asked for; words only when asked for.
    const withSegments = granularities.length === 0 || granularities.includes('segment');
    return {
      task: 'transcribe',
      language: TRANSCRIPTION_LANGUAGES[language] ?? language,
      duration,
      text: reply.text,
      ...(granularities.includes('word') ? { words: reply.words ?? verboseWords(segments) } : {}),
      ...(withSegments ? {
        segments: segments.map((s, id) => ({
          id, seek: 0, start: s.start, end: s.end, text: ` ${s.text}`, tokens: [], temperature: 0,
          avg_logprob: -0.2, compression_ratio: 1.2, no_speech_prob: 0.01,
        })),
      } : {}),
    };
  }

  function chat(record: RecordedRequest): unknown {
    const body = record.json;
    if (!body || typeof body !== 'object') throw apiError(400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
    if (typeof body.model !== 'string' || !body.model) throw apiError(400, 'you must provide a model parameter', 'invalid_request_error', null, 'model');
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      throw apiError(400, "Invalid 'messages': empty array. Expected an array with minimum length 1.", 'invalid_request_error', 'empty_array', 'messages');
    }
    for (const m of body.messages) {
      if (!m || typeof m.role !== 'string' || (typeof m.content !== 'string' && !Array.isArray(m.content))) {
        throw apiError(400, "Invalid 'messages': each message needs a role and content.", 'invalid_request_error', 'invalid_value', 'messages');
      }
    }
    if (body.temperature !== undefined && isReasoningModel(body.model) && body.temperature !== 1) {
      throw apiError(400, `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`, 'invalid_request_error', 'unsupported_value', 'temperature');
    }
    const format = body.response_format;
    let schemaName: string | undefined;
    let schema: any;
    if (format !== undefined) {
      if (format.type === 'json_schema') {
        const spec = format.json_schema;
        if (!spec || typeof spec.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(spec.name)) {
          throw apiError(400, "Invalid 'response_format.json_schema.name'.", 'invalid_request_error', 'invalid_value', 'response_format');
        }
        if (!spec.schema || typeof spec.schema !== 'object') {
          throw apiError(400, "Missing required parameter: 'response_format.json_schema.schema'.", 'invalid_request_error', 'missing_required_parameter', 'response_format');
        }
        if (spec.strict) {
          const problem = strictSchemaProblem(spec.schema);
          if (problem) throw apiError(400, `Invalid schema for response_format '${spec.name}': ${problem}`, 'invalid_request_error', 'invalid_json_schema', 'response_format');
        }
        schemaName = spec.name;
        schema = spec.schema;
      } else if (format.type !== 'json_object' && format.type !== 'text') {
        throw apiError(400, `Invalid value: '${format.type}'. Supported values are: 'json_object', 'json_schema', and 'text'.`, 'invalid_request_error', 'invalid_value', 'response_format');
      }
    }
    const info: ChatRequestInfo = { model: body.model, schemaName, schema, messages: body.messages };
    const value = chatQueue.length > 0
      ? chatQueue.shift()
      : chatReply !== undefined
        ? typeof chatReply === 'function' ? chatReply(info) : chatReply
        : schema ? sampleFromSchema(schema) : 'Hello from the fake OpenAI server.';
    const content = typeof value === 'string' && !schema ? value : JSON.stringify(value);
    return {
      id: `chatcmpl-fake-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 100, completion_tokens: Math.ceil(content.length / 4), total_tokens: 100 + Math.ceil(content.length / 4) },
    };
  }

  async function speech(record: RecordedRequest): Promise<{ audio: Buffer; type: string }> {
    const body = record.json;
    if (!body || typeof body !== 'object') throw apiError(400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
    if (!SPEECH_MODELS.includes(body.model)) throw apiError(400, `Invalid model ${body.model}.`, 'invalid_request_error', 'invalid_value', 'model');
    if (!VOICES.includes(body.voice)) throw apiError(400, `Invalid value for 'voice': ${body.voice}.`, 'invalid_request_error', 'invalid_value', 'voice');
    if (typeof body.input !== 'string' || body.input.length === 0) throw apiError(400, "Missing required parameter: 'input'.", 'invalid_request_error', 'missing_required_parameter', 'input');
    if (body.input.length > 4096) throw apiError(400, "Invalid 'input': string too long. Expected a string with maximum length 4096.", 'invalid_request_error', 'string_above_max_length', 'input');
    if (body.speed !== undefined && (typeof body.speed !== 'number' || body.speed < 0.25 || body.speed > 4)) {
      throw apiError(400, "Invalid 'speed': expected a number between 0.25 and 4.", 'invalid_request_error', 'invalid_value', 'speed');
    }
    const format = body.response_format ?? 'mp3';
    const spec = SPEECH_FORMATS[format];
    if (!spec) throw apiError(400, `Invalid value for 'response_format': ${format}.`, 'invalid_request_error', 'invalid_value', 'response_format');
    return { audio: await speechAudio(format), type: spec.type };
  }

  function send(response: ServerResponse, record: RecordedRequest, status: number, body: unknown, headers: Record<string, string> = {}, asked = false) {
    record.status = status;
    if (status >= 400 && record.endpoint !== 'unknown') {
      const code = (body as { error?: { code?: string | null } } | undefined)?.error?.code ?? null;
      refused.push({ endpoint: record.endpoint, status, code, asked });
    }
    if (Buffer.isBuffer(body)) {
      response.writeHead(status, { 'content-length': body.length, ...headers });
      response.end(body);
      return;
    }
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers });
    response.end(text);
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    const endpoint: RecordedRequest['endpoint'] =
      path === '/v1/audio/transcriptions' ? 'transcriptions'
        : path === '/v1/chat/completions' ? 'chat'
          : path === '/v1/audio/speech' ? 'speech'
            : path === '/v1/models' ? 'models' : 'unknown';
    const record: RecordedRequest = { endpoint, method: request.method ?? 'GET', path, headers: request.headers, status: 0 };
    requests.push(record);
    try {
      const body = await readBody(request);
      if (endpoint === 'unknown' || (endpoint === 'models' ? request.method !== 'GET' : request.method !== 'POST')) {
        errors.push(`unexpected request: ${request.method} ${path}`);
        send(response, record, 500, { error: { message: `The fake OpenAI server does not serve ${request.method} ${path}.`, type: 'server_error', param: null, code: null } });
        return;
      }
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        throw apiError(401, 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.', 'invalid_request_error', 'invalid_api_key');
      }
      if (endpoint === 'models') {
        send(response, record, 200, { object: 'list', data: [...TRANSCRIPTION_MODELS, 'gpt-5', ...SPEECH_MODELS].map((id) => ({ id, object: 'model', owned_by: 'fake' })) });
        return;
      }
      if (endpoint === 'chat' || endpoint === 'speech') {
        try {
          record.json = JSON.parse(body.toString('utf8'));
        } catch {
          throw apiError(400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
        }
      }
      const failure = takeFailure(endpoint, record);
      if (failure?.status === 'timeout') {
        record.status = -1; // never answered: the client's timeout must end it
        refused.push({ endpoint, status: 'timeout', code: null, asked: true });
        return;
      }
      if (failure) {
        const answer = failureFor(failure.status, failure.code, failure.options);
        send(response, record, answer.status, answer.body, answer.headers, true);
        return;
      }
      if (endpoint !== 'transcriptions') await holdIfAsked(endpoint, record);
      if (endpoint === 'transcriptions') {
        const result = await transcriptions(record, request, body);
        send(response, record, 200, result);
      } else if (endpoint === 'chat') {
        send(response, record, 200, chat(record));
      } else {
        const { audio, type } = await speech(record);
        send(response, record, 200, audio, { 'content-type': type });
      }
    } catch (error) {
      if (error instanceof HttpFailure) {
        send(response, record, error.status, error.body, error.headers);
      } else {
        errors.push(`fake server error: ${(error as Error).stack ?? error}`);
        send(response, record, 500, { error: { message: String(error), type: 'server_error', param: null, code: null } });
      }
    }
  });

  // WebSocket upgrades (GET /v1/realtime) go to the realtime fake; plain requests stay above.
  const realtime = createFakeRealtime({ apiKey, errors });
  server.on('upgrade', (request, socket, head) => realtime.handleUpgrade(request, socket, head));

  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://${options.host ?? '127.0.0.1'}:${port}/v1`,
    apiKey,
    requests,
    errors,
    refused,
    realtime,
    fail(endpoint, status, code, failOptions = {}) {
      failures[endpoint].push({ status, code, options: failOptions, left: failOptions.times ?? 1 });
    },
    hold(endpoint, matches = () => true) {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const hold = { endpoint, matches, waiting: 0, released, release: () => {} };
      hold.release = () => {
        holds.splice(holds.indexOf(hold), 1);
        release();
      };
      holds.push(hold);
      return {
        get waiting() {
          return hold.waiting;
        },
        release: () => {
          if (holds.includes(hold)) hold.release();
        },
      };
    },
    takeErrors() {
      return errors.splice(0);
    },
    setTranscript(reply) {
      transcriptReply = reply;
    },
    queueTranscript(...replies) {
      transcriptQueue.push(...replies);
    },
    setChatReply(reply) {
      chatReply = reply;
    },
    queueChatReply(...replies) {
      chatQueue.push(...replies);
    },
    requestsTo(endpoint) {
      return requests.filter((r) => r.endpoint === endpoint);
    },
    reset() {
      if (errors.length > 0) throw new Error(`the fake OpenAI server saw unexpected requests nobody checked:\n${errors.join('\n')}`);
      for (const hold of [...holds]) hold.release();
      requests.length = 0;
      refused.length = 0;
      for (const queue of Object.values(failures)) queue.length = 0;
      transcriptQueue.length = 0;
      chatQueue.length = 0;
      chatReply = undefined;
      transcriptReply = 'This is a transcript from the fake OpenAI server.';
      speechCache = new Map();
      realtime.reset();
    },
    async close() {
      for (const hold of [...holds]) hold.release();
      await realtime.close();
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
