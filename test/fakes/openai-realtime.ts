/**
 * The Realtime API in transcription mode, GA protocol, as the fake OpenAI server speaks it
 * (docs/decisions/018-openai-live-transcription.md). Written from the API reference, not
 * from the adapter: `GET /v1/realtime?intent=transcription` upgraded to a WebSocket with
 * `Authorization: Bearer <key>` (401 at the upgrade otherwise), `session.created` first,
 * `session.update` checked and answered with `session.updated`, appends checked as base64
 * PCM16, a server VAD (an energy gate: speech_started, then speech_stopped + committed after
 * `silence_duration_ms` of quiet), explicit commits (an error under 100 ms of audio), and for
 * each committed item the next words of the transcript as deltas and `completed`.
 *
 *   fake.realtime.setTranscript('And so my fellow Americans ...'); // words handed out per item, ~2.5 a second of speech
 *   fake.realtime.setTranscript(['first utterance', 'second']);  // one per item that has speech
 *   fake.realtime.setTranscript(({ startMs, endMs }) => wordsSaidBetween(startMs, endMs)); // per item's audio
 *   fake.realtime.fail('upgrade', { status: 429, code: 'insufficient_quota' });
 *   fake.realtime.fail('session', { code: 'timeout' });          // session.update never answered
 *   fake.realtime.delayMs = 200;                                 // before each transcription's first delta
 *   expect(fake.realtime.sessions[0].config?.audio.input.transcription.language).toBe('fi');
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { TRANSCRIPTION_LANGUAGES, TRANSCRIPTION_MODELS } from './openai-protocol.ts';

const RATE = 24_000;
const FRAME = RATE / 50; // 20 ms
/** RMS of a 20 ms frame (s16) above which it counts as speech. */
const SPEECH_RMS = 600;
const MIN_COMMIT_MS = 100;
const REALTIME_MODELS = [...TRANSCRIPTION_MODELS, 'gpt-realtime-whisper'];
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export type RealtimeFailStage = 'upgrade' | 'session' | 'transcription' | 'audio';

export interface RealtimeFailure {
  /** Upgrade only: the HTTP status (default 500). */
  status?: number;
  /** The error code; 'timeout' on `session` leaves session.update unanswered. */
  code?: string;
  message?: string;
}

export interface RealtimeSession {
  readonly id: string;
  readonly headers: IncomingMessage['headers'];
  readonly url: string;
  /** The session of the last accepted session.update. */
  config?: any;
  /** Client events in order; appends with their decoded byte count instead of the audio. */
  readonly received: any[];
  /** Server events in order. */
  readonly sent: any[];
  /** Bytes of PCM appended. */
  audioBytes: number;
  /** Explicit input_audio_buffer.commit events. */
  commits: number;
  /** Items committed (by the VAD or the client) and what the fake answered for each. */
  readonly items: { id: string; by: 'vad' | 'client'; speechMs: number; transcript: string }[];
  closed: boolean;
  closeCode?: number;
  /** Resolves when the client's socket is gone. */
  readonly closedPromise: Promise<void>;
}

export interface RealtimeRefusal {
  stage: 'upgrade' | 'event';
  status?: number;
  code: string | null;
  /** Whether a test asked for it with `fail`. */
  asked: boolean;
}

/** Where a committed item's audio lies in the session's audio. */
export interface RealtimeItemSpan {
  startMs: number;
  endMs: number;
  speechMs: number;
}

export interface FakeRealtime {
  readonly sessions: RealtimeSession[];
  readonly refused: RealtimeRefusal[];
  /** Before each item's first delta and between deltas (a slow model). */
  delayMs: number;
  /** Words handed out per item (~2.5 a second of speech), one utterance per item, or a function of the item's audio. */
  setTranscript(text: string | string[] | ((span: RealtimeItemSpan) => string)): void;
  fail(stage: RealtimeFailStage, failure?: RealtimeFailure): void;
  /** Sessions whose socket is open now. */
  openSessions(): RealtimeSession[];
  reset(): void;
  /** Ends every session. */
  close(): Promise<void>;
}

export interface FakeRealtimeInternals extends FakeRealtime {
  /** The HTTP server's `upgrade` handler. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
}

const DEFAULT_TRANSCRIPT = 'This is live text from the fake OpenAI server.';
const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable' };

function refuseUpgrade(socket: Duplex, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
}

function errorBody(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, code, param } };
}

export function createFakeRealtime(options: { apiKey: string; errors: string[] }): FakeRealtimeInternals {
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const sessions: RealtimeSession[] = [];
  const refused: RealtimeRefusal[] = [];
  const failures: Record<RealtimeFailStage, RealtimeFailure[]> = { upgrade: [], session: [], transcription: [], audio: [] };
  const sockets = new Set<WebSocket>();
  let words: string[] = DEFAULT_TRANSCRIPT.split(/\s+/);
  let utterances: string[] | undefined;
  let byAudio: ((span: RealtimeItemSpan) => string) | undefined;
  let counter = 0;

  const fake: FakeRealtimeInternals = {
    sessions,
    refused,
    delayMs: 0,
    setTranscript(text) {
      byAudio = typeof text === 'function' ? text : undefined;
      if (typeof text === 'function') return;
      if (Array.isArray(text)) {
        utterances = [...text];
      } else {
        utterances = undefined;
        words = text.split(/\s+/).filter(Boolean);
      }
    },
    fail(stage, failure = {}) {
      failures[stage].push(failure);
    },
    openSessions() {
      return sessions.filter((s) => !s.closed);
    },
    reset() {
      for (const socket of sockets) socket.terminate();
      sessions.length = 0;
      refused.length = 0;
      for (const queue of Object.values(failures)) queue.length = 0;
      words = DEFAULT_TRANSCRIPT.split(/\s+/);
      utterances = undefined;
      byAudio = undefined;
      fake.delayMs = 0;
    },
    async close() {
      for (const socket of sockets) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    handleUpgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://fake');
      if (url.pathname !== '/v1/realtime') {
        options.errors.push(`unexpected upgrade: ${url.pathname}`);
        refuseUpgrade(socket, 404, errorBody(`The fake OpenAI server does not serve ${url.pathname}.`, 'invalid_request_error', null));
        return;
      }
      const refuse = (status: number, body: ReturnType<typeof errorBody>, asked = false) => {
        refused.push({ stage: 'upgrade', status, code: body.error.code, asked });
        refuseUpgrade(socket, status, body);
      };
      if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
        refuse(401, errorBody('Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.', 'invalid_request_error', 'invalid_api_key'));
        return;
      }
      if (url.searchParams.get('intent') !== 'transcription') {
        // Conversation sessions (?model=gpt-realtime) are not what Saaga asks for.
        options.errors.push(`realtime upgrade without intent=transcription: ${request.url}`);
        refuse(400, errorBody('Missing required parameter: intent=transcription (or model).', 'invalid_request_error', 'missing_required_parameter', 'intent'));
        return;
      }
      const failure = failures.upgrade.shift();
      if (failure) {
        const status = failure.status ?? 500;
        const code = failure.code ?? (status === 429 ? 'insufficient_quota' : null);
        refuse(status, errorBody(failure.message ?? (code === 'insufficient_quota' ? 'You exceeded your current quota, please check your plan and billing details.' : 'The server had an error while processing your request.'), code === 'insufficient_quota' ? 'insufficient_quota' : 'server_error', code), true);
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => serve(ws, request));
    },
  };

  function nextWords(span: RealtimeItemSpan): string {
    if (byAudio) return byAudio(span);
    if (utterances) return utterances.shift() ?? '';
    const count = Math.max(1, Math.round((span.speechMs / 1000) * 2.5));
    return words.splice(0, count).join(' ');
  }

  function serve(ws: WebSocket, request: IncomingMessage): void {
    sockets.add(ws);
    let markClosed = () => {};
    const session: RealtimeSession = {
      id: `sess_fake_${++counter}`,
      headers: request.headers,
      url: request.url ?? '',
      received: [],
      sent: [],
      audioBytes: 0,
      commits: 0,
      items: [],
      closed: false,
      closedPromise: new Promise<void>((resolve) => {
        markClosed = resolve;
      }),
    };
    sessions.push(session);
    let eventCounter = 0;
    let itemCounter = 0;
    let previousItem: string | null = null;
    // The buffer since the last commit, and the VAD's view of it.
    let bufferSamples = 0;
    /** Audio before the buffer: what earlier items (and clears) took. */
    let committedSamples = 0;
    let speechSamples = 0;
    let speaking = false;
    let quietSamples = 0;
    let totalSamples = 0;
    let currentItem = `item_${session.id}_1`;
    let frameRest = new Int16Array(0);
    let transcribing = Promise.resolve();

    ws.on('close', (code) => {
      session.closed = true;
      session.closeCode = code;
      sockets.delete(ws);
      markClosed();
    });

    const send = (event: Record<string, unknown>) => {
      const full = { event_id: `event_fake_${++eventCounter}`, ...event };
      session.sent.push(full);
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(full));
    };
    const sendError = (message: string, code: string | null, param: string | null = null, asked = false, type = 'invalid_request_error') => {
      refused.push({ stage: 'event', code, asked });
      send({ type: 'error', error: { type, code, message, param, event_id: null } });
    };
    const ms = (samples: number) => Math.round((samples * 1000) / RATE);
    const sleep = () => new Promise<void>((resolve) => setTimeout(resolve, fake.delayMs));

    const turnDetection = () => (session.config ? session.config.audio?.input?.turn_detection : { type: 'server_vad' });

    function commitItem(by: 'vad' | 'client') {
      const itemId = currentItem;
      const item = { id: itemId, by, speechMs: ms(speechSamples), transcript: '' };
      const seconds = ms(bufferSamples) / 1000;
      const span: RealtimeItemSpan = { startMs: ms(committedSamples), endMs: ms(committedSamples + bufferSamples), speechMs: item.speechMs };
      committedSamples += bufferSamples;
      session.items.push(item);
      send({ type: 'input_audio_buffer.committed', previous_item_id: previousItem, item_id: itemId });
      previousItem = itemId;
      currentItem = `item_${session.id}_${++itemCounter + 1}`;
      bufferSamples = 0;
      speechSamples = 0;
      speaking = false;
      quietSamples = 0;
      transcribing = transcribing.then(async () => {
        if (fake.delayMs > 0) await sleep();
        const failure = failures.transcription.shift();
        if (failure) {
          refused.push({ stage: 'event', code: failure.code ?? 'server_error', asked: true });
          send({ type: 'conversation.item.input_audio_transcription.failed', item_id: itemId, content_index: 0, error: { type: 'transcription_error', code: failure.code ?? 'server_error', message: failure.message ?? 'Transcription failed.', param: null } });
          return;
        }
        const text = item.speechMs > 0 ? nextWords(span) : '';
        item.transcript = text;
        const parts = text ? text.split(' ') : [];
        const step = Math.max(1, Math.ceil(parts.length / 3));
        for (let i = 0; i < parts.length; i += step) {
          const delta = (i === 0 ? '' : ' ') + parts.slice(i, i + step).join(' ');
          send({ type: 'conversation.item.input_audio_transcription.delta', item_id: itemId, content_index: 0, delta });
          if (fake.delayMs > 0) await sleep();
        }
        send({ type: 'conversation.item.input_audio_transcription.completed', item_id: itemId, content_index: 0, transcript: text, usage: { type: 'duration', seconds: Math.max(1, Math.ceil(seconds)) } });
      });
    }

    function listen(pcm: Int16Array) {
      totalSamples += pcm.length;
      const vad = turnDetection();
      let frames = pcm;
      if (frameRest.length > 0) {
        frames = new Int16Array(frameRest.length + pcm.length);
        frames.set(frameRest);
        frames.set(pcm, frameRest.length);
      }
      const whole = frames.length - (frames.length % FRAME);
      frameRest = frames.slice(whole);
      const silenceMs = vad?.silence_duration_ms ?? 500;
      const startAt = totalSamples - frames.length;
      for (let offset = 0; offset < whole; offset += FRAME) {
        let sum = 0;
        for (let i = offset; i < offset + FRAME; i++) sum += frames[i] * frames[i];
        const loud = Math.sqrt(sum / FRAME) > SPEECH_RMS;
        const at = startAt + offset + FRAME;
        bufferSamples += FRAME;
        if (loud) {
          speechSamples += FRAME;
          quietSamples = 0;
          if (!speaking && vad) {
            speaking = true;
            send({ type: 'input_audio_buffer.speech_started', audio_start_ms: Math.max(0, ms(at - FRAME) - (vad.prefix_padding_ms ?? 300)), item_id: currentItem });
          }
        } else if (speaking && vad) {
          quietSamples += FRAME;
          if (ms(quietSamples) >= silenceMs) {
            send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: ms(at), item_id: currentItem });
            commitItem('vad');
          }
        }
      }
    }

    function onEvent(event: any) {
      if (!event || typeof event.type !== 'string') {
        sendError("Invalid event: missing 'type'.", 'invalid_value', 'type');
        return;
      }
      switch (event.type) {
        case 'session.update': {
          session.received.push(event);
          const s = event.session;
          const input = s?.audio?.input;
          if (s?.type !== 'transcription') return sendError(`Invalid value: '${s?.type}'. This session is a transcription session.`, 'invalid_value', 'session.type');
          if (input?.format && (input.format.type !== 'audio/pcm' || (input.format.rate !== undefined && input.format.rate !== RATE))) {
            return sendError('Invalid audio format: only audio/pcm at 24000 Hz, audio/pcmu and audio/pcma are supported.', 'invalid_value', 'session.audio.input.format');
          }
          const transcription = input?.transcription;
          if (!transcription || !REALTIME_MODELS.includes(transcription.model)) {
            return sendError(`Invalid value: '${transcription?.model}'. Supported values are: ${REALTIME_MODELS.join(', ')}.`, 'invalid_value', 'session.audio.input.transcription.model');
          }
          if (transcription.language !== undefined && !(transcription.language in TRANSCRIPTION_LANGUAGES)) {
            return sendError(`Invalid value: '${transcription.language}'. Expected an ISO-639-1 language code.`, 'invalid_value', 'session.audio.input.transcription.language');
          }
          const vad = input?.turn_detection;
          if (vad && vad.type !== 'server_vad' && vad.type !== 'semantic_vad') {
            return sendError(`Invalid value: '${vad.type}'.`, 'invalid_value', 'session.audio.input.turn_detection.type');
          }
          const failure = failures.session.shift();
          if (failure?.code === 'timeout') return; // never answered
          if (failure) return sendError(failure.message ?? 'The server had an error.', failure.code ?? 'server_error', null, true, failure.code === 'insufficient_quota' ? 'insufficient_quota' : 'server_error');
          session.config = { ...s, id: session.id, object: 'realtime.transcription_session' };
          send({ type: 'session.updated', session: session.config });
          return;
        }
        case 'input_audio_buffer.append': {
          const audio = event.audio;
          if (typeof audio !== 'string' || audio.length % 4 !== 0 || !BASE64.test(audio)) {
            session.received.push({ type: event.type, bytes: -1 });
            return sendError("Invalid 'audio'. Expected base64-encoded audio bytes.", 'invalid_value', 'audio');
          }
          const bytes = Buffer.from(audio, 'base64');
          session.received.push({ type: event.type, bytes: bytes.length });
          if (bytes.length % 2 !== 0) return sendError("Invalid 'audio': PCM16 audio must have an even number of bytes.", 'invalid_value', 'audio');
          const failure = failures.audio.shift();
          if (failure) return sendError(failure.message ?? 'The server had an error while processing your request.', failure.code ?? 'server_error', null, true, failure.code === 'insufficient_quota' ? 'insufficient_quota' : 'server_error');
          session.audioBytes += bytes.length;
          const pcm = new Int16Array(bytes.length / 2);
          for (let i = 0; i < pcm.length; i++) pcm[i] = bytes.readInt16LE(i * 2);
          listen(pcm);
          return;
        }
        case 'input_audio_buffer.commit': {
          session.received.push(event);
          session.commits += 1;
          if (ms(bufferSamples) < MIN_COMMIT_MS) {
            return sendError(`Error committing input audio buffer: buffer too small. Expected at least ${MIN_COMMIT_MS}ms of audio, but buffer only has ${ms(bufferSamples).toFixed(2)}ms of audio.`, 'input_audio_buffer_commit_empty');
          }
          commitItem('client');
          return;
        }
        case 'input_audio_buffer.clear':
          session.received.push(event);
          committedSamples += bufferSamples;
          bufferSamples = 0;
          speechSamples = 0;
          send({ type: 'input_audio_buffer.cleared' });
          return;
        default:
          session.received.push(event);
          options.errors.push(`unexpected realtime event: ${event.type}`);
          sendError(`Invalid value: '${event.type}'. Supported values are: 'session.update', 'input_audio_buffer.append', 'input_audio_buffer.commit', 'input_audio_buffer.clear', ...`, 'invalid_value', 'type');
      }
    }

    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        sendError('Binary messages are not supported: send JSON events.', 'invalid_value');
        return;
      }
      let event: unknown;
      try {
        event = JSON.parse(data.toString());
      } catch {
        sendError('We could not parse the JSON body of your request.', 'invalid_json');
        return;
      }
      onEvent(event);
    });

    send({
      type: 'session.created',
      session: {
        type: 'transcription',
        id: session.id,
        object: 'realtime.transcription_session',
        audio: { input: { format: { type: 'audio/pcm', rate: RATE }, transcription: null, noise_reduction: null, turn_detection: { type: 'server_vad', threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: 500 } } },
        include: null,
      },
    });
  }

  return fake;
}
