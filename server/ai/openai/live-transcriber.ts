import { APIError } from 'openai';
import WebSocket from 'ws';
import { AiError, fromOpenAiError } from '../errors.ts';
import type { LiveSpan, LiveStreamOptions, LiveTranscriber, LiveTranscriptEvents, LiveTranscriptionStream } from '../ports.ts';
import { buildVocabularyPrompt } from '../prompts/transcription.ts';
import type { OpenAiSettings } from './client.ts';

/**
 * OpenAI's streaming transcription: the Realtime API in transcription mode, GA protocol
 * (docs/decisions/018-openai-live-transcription.md). One WebSocket per stream:
 *
 *   -> session.update { session: { type: 'transcription', audio: { input: { format, transcription, turn_detection } } } }
 *   <- session.updated                                   (start() resolves)
 *   -> input_audio_buffer.append { audio: base64 pcm16 24 kHz mono }  (every ~150 ms)
 *   <- input_audio_buffer.speech_started / speech_stopped / committed  (server VAD)
 *   <- conversation.item.input_audio_transcription.delta { item_id, delta }   -> partial
 *   <- conversation.item.input_audio_transcription.completed { item_id, transcript } -> final
 *      (with where it was said: speech_started's audio_start_ms to speech_stopped's audio_end_ms)
 *   -> input_audio_buffer.commit                          (pause, end)
 */

export interface OpenAiLiveTranscriberSettings extends OpenAiSettings {
  /** A transcription model the realtime API accepts (gpt-4o-transcribe, gpt-4o-mini-transcribe, whisper-1). */
  model: string;
  /** How long end() waits for the last transcription before closing anyway. */
  finishTimeoutMs?: number;
}

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** Opening the socket and the session acknowledgement; a stuck handshake must not hold the recorder. */
const MAX_CONNECT_MS = 15_000;
const DEFAULT_FINISH_MS = 15_000;
/** The realtime API takes PCM at 24 kHz only. */
export const REALTIME_SAMPLE_RATE = 24_000;
/** Audio is sent in pieces of this length: small enough for the VAD to react, few enough messages. */
export const APPEND_MS = 150;
const APPEND_SAMPLES = (REALTIME_SAMPLE_RATE * APPEND_MS) / 1000;
/** The API refuses to commit less than this (input_audio_buffer_commit_empty). */
const MIN_COMMIT_MS = 100;

/** The realtime address for an API base URL: http(s) becomes ws(s), with the transcription intent. */
export function realtimeUrl(baseUrl: string | undefined): string {
  const url = new URL(`${(baseUrl || DEFAULT_BASE_URL).replace(/\/+$/, '')}/realtime`);
  if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol === 'http:') url.protocol = 'ws:';
  url.searchParams.set('intent', 'transcription');
  return url.toString();
}

/**
 * 16 kHz to 24 kHz by linear interpolation, across chunk boundaries. Positions are kept in
 * thirds of an input sample (an output sample every 2/3 of one), so nothing drifts.
 */
export class Resampler16To24 {
  private last: number | undefined;
  /** Where the next output sample falls, in thirds of an input sample from the next chunk's start. */
  private position = 0;

  push(input: Int16Array): Int16Array {
    if (input.length === 0) return new Int16Array(0);
    const end = 3 * (input.length - 1);
    const count = this.position > end ? 0 : Math.floor((end - this.position) / 2) + 1;
    const out = new Int16Array(count);
    const sample = (i: number) => (i < 0 ? (this.last ?? input[0]) : input[i]);
    let p = this.position;
    for (let k = 0; k < count; k++, p += 2) {
      const i = Math.floor(p / 3);
      const fraction = (p - 3 * i) / 3;
      const a = sample(i);
      out[k] = fraction === 0 ? a : Math.round(a + (sample(i + 1) - a) * fraction);
    }
    this.position = p - 3 * input.length;
    this.last = input[input.length - 1];
    return out;
  }
}

interface RealtimeErrorBody {
  type?: string;
  code?: string | null;
  message?: string;
  param?: string | null;
}

/** Realtime `error` events (and failed transcriptions) to the AI catalogue, as the HTTP API's statuses are. */
export function fromRealtimeError(error: RealtimeErrorBody | undefined): AiError {
  const code = error?.code ?? '';
  const type = error?.type ?? '';
  const detail = `realtime ${code || type || 'error'}: ${error?.message ?? ''}`.trim();
  if (code === 'invalid_api_key' || type === 'authentication_error' || code === 'invalid_authentication') {
    return new AiError('authentication_failed', { detail });
  }
  if (code === 'insufficient_quota' || type === 'insufficient_quota') return new AiError('quota_exceeded', { detail });
  return new AiError('temporarily_unavailable', { retryable: true, detail });
}

/** A refused upgrade (401 bad key, 429 quota, 5xx) through the HTTP API's mapping. */
function fromUpgradeResponse(status: number, body: string, headers: Record<string, string | string[] | undefined>): AiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const flat = new Headers();
  for (const [key, value] of Object.entries(headers)) if (typeof value === 'string') flat.set(key, value);
  const error = fromOpenAiError(APIError.generate(status, parsed as object | undefined, body.slice(0, 200) || undefined, flat), 'transcription');
  return error instanceof AiError ? error : new AiError('temporarily_unavailable', { detail: `realtime upgrade ${status}` });
}

type ServerEvent = { type: string; [key: string]: any };

export class OpenAiLiveTranscriber implements LiveTranscriber {
  readonly adapter = 'openai' as const;
  private readonly sockets = new Set<WebSocket>();

  constructor(readonly settings: OpenAiLiveTranscriberSettings) {}

  async keepsUp(): Promise<boolean> {
    return true;
  }

  async start(options: LiveStreamOptions, events: LiveTranscriptEvents): Promise<LiveTranscriptionStream> {
    options.signal.throwIfAborted();
    const socket = new WebSocket(realtimeUrl(this.settings.baseUrl), {
      headers: { Authorization: `Bearer ${this.settings.apiKey}` },
      perMessageDeflate: false,
    });
    this.sockets.add(socket);
    const stream = new RealtimeStream(socket, options, events, this.settings.finishTimeoutMs ?? DEFAULT_FINISH_MS);
    socket.once('close', () => this.sockets.delete(socket));
    await stream.open(this.settings, Math.min(this.settings.timeoutMs ?? MAX_CONNECT_MS, MAX_CONNECT_MS));
    return stream;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    this.sockets.clear();
  }
}

class RealtimeStream implements LiveTranscriptionStream {
  private readonly resampler = new Resampler16To24();
  private pending: Int16Array[] = [];
  private pendingSamples = 0;
  /** Audio sent since the last commit (ours or the server VAD's), in ms. */
  private uncommittedMs = 0;
  /** Our commits not yet answered by `committed` (or refused as empty). */
  private awaitingCommits = 0;
  /** Items the server VAD ended (speech_stopped): their `committed` is the VAD's, not an answer to ours. */
  private readonly vadItems = new Set<string>();
  /** All audio sent, in ms: where a commit of ours ends an utterance the VAD saw start. */
  private sentMs = 0;
  /**
   * Where each item was said, in ms of the audio sent: the server VAD's speech_started
   * `audio_start_ms` and speech_stopped `audio_end_ms` (the realtime API's documented fields).
   */
  private readonly said = new Map<string, { startMs?: number; endMs?: number }>();
  /** Committed items in order, with their text so far; finals go out in this order. */
  private readonly items = new Map<string, { text: string; final?: string; done: boolean }>();
  private state: 'opening' | 'open' | 'ending' | 'over' = 'opening';
  private settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  private finished: (() => void) | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly options: LiveStreamOptions,
    private readonly events: LiveTranscriptEvents,
    private readonly finishTimeoutMs: number,
  ) {}

  open(settings: OpenAiLiveTranscriberSettings, timeoutMs: number): Promise<void> {
    const { socket, options } = this;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(new AiError('temporarily_unavailable', { retryable: true, detail: `realtime session not ready after ${timeoutMs} ms` })), timeoutMs);
      const onAbort = () => fail(options.signal.reason instanceof Error ? options.signal.reason : new Error('aborted'));
      const done = () => {
        clearTimeout(timer);
        options.signal.removeEventListener('abort', onAbort);
        this.settle = undefined;
      };
      const fail = (error: Error) => {
        if (this.state !== 'opening') return;
        done();
        this.state = 'over';
        socket.terminate();
        reject(error);
      };
      this.settle = {
        resolve: () => {
          done();
          this.state = 'open';
          options.signal.addEventListener('abort', () => this.stop(), { once: true });
          resolve();
        },
        reject: fail,
      };
      options.signal.addEventListener('abort', onAbort, { once: true });

      socket.on('unexpected-response', (request, response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          fail(fromUpgradeResponse(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'), response.headers));
          request.destroy();
        });
        response.on('error', () => fail(new AiError('temporarily_unavailable', { retryable: true, detail: 'realtime upgrade refused' })));
      });
      socket.on('open', () => {
        const prompt = buildVocabularyPrompt(options.vocabulary, options.language);
        socket.send(JSON.stringify({
          type: 'session.update',
          session: {
            type: 'transcription',
            audio: {
              input: {
                format: { type: 'audio/pcm', rate: REALTIME_SAMPLE_RATE },
                transcription: {
                  model: settings.model,
                  ...(options.language ? { language: options.language } : {}),
                  ...(prompt ? { prompt } : {}),
                },
                turn_detection: { type: 'server_vad', threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: 500 },
              },
            },
          },
        }));
      });
      socket.on('message', (data) => this.onMessage(data));
      socket.on('error', (error) => this.onSocketGone(error.message));
      socket.on('close', (code) => this.onSocketGone(`closed (${code})`));
    });
  }

  write(pcm: Int16Array): void {
    if (this.state !== 'open' || pcm.length === 0) return;
    const out = this.resampler.push(pcm);
    this.pending.push(out);
    this.pendingSamples += out.length;
    if (this.pendingSamples >= APPEND_SAMPLES) this.flush();
  }

  pause(): void {
    if (this.state !== 'open') return;
    this.commit();
  }

  async end(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'ending';
    this.commit();
    if (!this.idle()) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.finishTimeoutMs);
        this.finished = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.finished = undefined;
    if (this.state === 'ending') {
      this.state = 'over';
      this.socket.close(1000);
    }
  }

  /** Sends what is waiting as appends of APPEND_MS; `all` sends the rest too (before a commit). */
  private flush(all = false): void {
    if (this.pendingSamples === 0 || (!all && this.pendingSamples < APPEND_SAMPLES)) return;
    const joined = new Int16Array(this.pendingSamples);
    let offset = 0;
    for (const piece of this.pending) {
      joined.set(piece, offset);
      offset += piece.length;
    }
    const sendable = all ? joined.length : joined.length - (joined.length % APPEND_SAMPLES);
    for (let start = 0; start < sendable; start += APPEND_SAMPLES) {
      const piece = joined.subarray(start, Math.min(sendable, start + APPEND_SAMPLES));
      this.uncommittedMs += (piece.length * 1000) / REALTIME_SAMPLE_RATE;
      this.sentMs += (piece.length * 1000) / REALTIME_SAMPLE_RATE;
      const audio = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('base64');
      this.socket.send(JSON.stringify({ type: 'input_audio_buffer.append', audio }));
    }
    const rest = joined.slice(sendable);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingSamples = rest.length;
  }

  private commit(): void {
    this.flush(true);
    // The server VAD may have committed this audio already; an empty commit is an error.
    if (this.uncommittedMs < MIN_COMMIT_MS) return;
    this.awaitingCommits += 1;
    this.uncommittedMs = 0;
    this.socket.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
  }

  private idle(): boolean {
    return this.awaitingCommits === 0 && [...this.items.values()].every((item) => item.done);
  }

  private onMessage(data: WebSocket.RawData): void {
    let event: ServerEvent;
    try {
      event = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (this.state === 'opening') {
      if (event.type === 'session.updated' || event.type === 'transcription_session.updated') this.settle?.resolve();
      else if (event.type === 'error') this.settle?.reject(fromRealtimeError(event.error));
      return;
    }
    if (this.state === 'over') return;
    switch (event.type) {
      case 'input_audio_buffer.speech_started':
        if (typeof event.audio_start_ms === 'number') this.said.set(event.item_id, { startMs: event.audio_start_ms });
        break;
      case 'input_audio_buffer.speech_stopped':
        this.vadItems.add(event.item_id);
        if (typeof event.audio_end_ms === 'number') this.said.set(event.item_id, { ...this.said.get(event.item_id), endMs: event.audio_end_ms });
        break;
      case 'input_audio_buffer.committed':
        if (!this.vadItems.delete(event.item_id) && this.awaitingCommits > 0) this.awaitingCommits -= 1;
        // Our commit ended speech the VAD had not: it was said up to the audio sent.
        if (this.said.get(event.item_id)?.endMs === undefined && this.said.has(event.item_id)) this.said.get(event.item_id)!.endMs = this.sentMs;
        this.uncommittedMs = 0;
        if (!this.items.has(event.item_id)) this.items.set(event.item_id, { text: '', done: false });
        break;
      case 'conversation.item.input_audio_transcription.delta': {
        const item = this.items.get(event.item_id) ?? { text: '', done: false };
        this.items.set(event.item_id, item);
        item.text += event.delta ?? '';
        const text = item.text.trim();
        if (text) this.events.partial(text);
        break;
      }
      case 'conversation.item.input_audio_transcription.completed': {
        const item = this.items.get(event.item_id) ?? { text: '', done: false };
        this.items.set(event.item_id, item);
        item.final = String(event.transcript ?? item.text).trim();
        item.done = true;
        this.sendFinals();
        break;
      }
      case 'conversation.item.input_audio_transcription.failed': {
        const error = fromRealtimeError(event.error);
        // One utterance lost is a gap in a view; a key or quota problem ends the stream.
        if (error.code !== 'temporarily_unavailable') return this.fail(error);
        const item = this.items.get(event.item_id);
        if (item) item.done = true;
        this.sendFinals();
        break;
      }
      case 'error':
        if (event.error?.code === 'input_audio_buffer_commit_empty') {
          if (this.awaitingCommits > 0) this.awaitingCommits -= 1;
          this.checkFinished();
          break;
        }
        this.fail(fromRealtimeError(event.error));
        break;
      default:
        break;
    }
  }

  /** Finals in the order the items were committed, each once. */
  private sendFinals(): void {
    for (const [id, item] of this.items) {
      if (!item.done) break;
      this.items.delete(id);
      if (item.final) this.events.final(item.final, this.saidSpan(id));
      this.said.delete(id);
    }
    this.checkFinished();
  }

  /** Where an item was said, in seconds, when the server VAD said both ends. */
  private saidSpan(id: string): LiveSpan | undefined {
    const said = this.said.get(id);
    if (said?.startMs === undefined || said.endMs === undefined) return undefined;
    return { start: said.startMs / 1000, end: Math.max(said.startMs, said.endMs) / 1000 };
  }

  private checkFinished(): void {
    if (this.finished && this.idle()) this.finished();
  }

  private fail(error: Error): void {
    if (this.state === 'over') return;
    this.state = 'over';
    this.socket.terminate();
    this.finished?.();
    this.events.error(error);
  }

  private onSocketGone(reason: string): void {
    if (this.state === 'opening') {
      this.settle?.reject(new AiError('temporarily_unavailable', { retryable: true, detail: `realtime socket ${reason}` }));
    } else if (this.state === 'open' || this.state === 'ending') {
      this.fail(new AiError('temporarily_unavailable', { retryable: true, detail: `realtime socket ${reason}` }));
    }
  }

  /** The connection dropped: close at once, say nothing more. */
  private stop(): void {
    if (this.state === 'over') return;
    this.state = 'over';
    this.socket.terminate();
    this.finished?.();
  }
}
