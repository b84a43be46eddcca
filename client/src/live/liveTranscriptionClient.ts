import {
  LIVE_TRANSCRIPTION_PATH,
  liveServerMessageSchema,
  type LiveClientMessage,
  type LiveErrorCode,
} from '../../../contract/live.ts';

/** How long the socket may take to open before live text is given up (the recording goes on without it). */
export const LIVE_CONNECT_TIMEOUT_MS = 5000;
/** How long `end()` waits for the server's `complete` before settling for the finals it has. */
export const LIVE_END_TIMEOUT_MS = 10_000;

export interface LiveTranscriptionError {
  code: LiveErrorCode;
  /** The server's English message (the catalogue's); the code is for translated text. */
  message: string;
}

export interface LiveTranscriptionEvents {
  /** The words of the utterance in progress; each replaces the last. */
  onPartial?: (text: string) => void;
  /** A finished utterance, and where in the stream it was said (seconds from its start) when the engine knows. */
  onFinal?: (text: string, said?: { start: number; end: number }) => void;
  /** The server reported an error, or the connection failed after it had opened. */
  onError?: (error: LiveTranscriptionError) => void;
  /** The socket closed, for whatever reason (after `close()` too). */
  onClose?: () => void;
}

/** WebSocket ready states (the constants are not on every global WebSocket, e.g. a test's fake). */
const CONNECTING = 0;
const OPEN = 1;

/** The part of the WebSocket constructor the client needs (a fake in tests). */
export type WebSocketFactory = (url: string) => WebSocket;

export interface LiveTranscriptionOptions {
  /** Defaults to /ws/transcription on this page's host, wss when the page is https. */
  url?: string;
  connectTimeoutMs?: number;
  endTimeoutMs?: number;
  createSocket?: WebSocketFactory;
}

/** The live transcription address for a page at `location`: the secure scheme when the page is secure (spec 7.11). */
export function liveTranscriptionUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_TRANSCRIPTION_PATH}`;
}

/** Base64 of bytes, in slices so a long chunk does not overflow the argument list. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const slice = 0x8000;
  for (let i = 0; i < bytes.length; i += slice) binary += String.fromCharCode(...bytes.subarray(i, i + slice));
  return btoa(binary);
}

/**
 * One live transcription stream over `WebSocket /ws/transcription` (spec 7.11), framework-free:
 * connect, send the recorder's chunks in order, pause and resume, end (the text of the whole
 * stream), close. Live text is only a view: nothing here ever holds the only copy of the audio,
 * and every failure is reported, never thrown at the recorder once it is recording.
 */
export class LiveTranscriptionClient {
  private socket: WebSocket | null = null;
  /** Chunks are read asynchronously; this chain keeps them, and the end, in recording order. */
  private queue: Promise<void> = Promise.resolve();
  private finals: string[] = [];
  private completed: ((text: string) => void) | null = null;
  private closed = false;
  /** An error was reported already; a close that follows it is not reported again. */
  private failed = false;
  private readonly events: LiveTranscriptionEvents;
  private readonly options: Required<Omit<LiveTranscriptionOptions, 'url'>> & { url: string | undefined };

  constructor(events: LiveTranscriptionEvents = {}, options: LiveTranscriptionOptions = {}) {
    this.events = events;
    this.options = {
      url: options.url,
      connectTimeoutMs: options.connectTimeoutMs ?? LIVE_CONNECT_TIMEOUT_MS,
      endTimeoutMs: options.endTimeoutMs ?? LIVE_END_TIMEOUT_MS,
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
    };
  }

  /** Whether the socket is open and the stream has not ended. */
  get isOpen(): boolean {
    return !this.closed && this.socket?.readyState === OPEN;
  }

  /** Opens the socket; resolves once it is open, rejects when it fails or takes too long. */
  connect(): Promise<void> {
    if (this.socket) return Promise.reject(new Error('Live transcription is already connected'));
    const socket = this.options.createSocket(this.options.url ?? liveTranscriptionUrl(window.location));
    this.socket = socket;
    return new Promise<void>((resolve, reject) => {
      let opened = false;
      const timer = setTimeout(() => {
        if (opened) return;
        reject(new Error('Live transcription did not connect in time'));
        this.close();
      }, this.options.connectTimeoutMs);
      socket.addEventListener('open', () => {
        opened = true;
        clearTimeout(timer);
        if (this.closed) return reject(new Error('Live transcription was closed while connecting'));
        resolve();
      });
      socket.addEventListener('message', (event: MessageEvent) => this.receive(event.data));
      socket.addEventListener('error', () => {
        if (!opened) {
          clearTimeout(timer);
          reject(new Error('Live transcription could not connect'));
        }
      });
      socket.addEventListener('close', () => {
        clearTimeout(timer);
        const unexpected = opened && !this.closed && !this.completed;
        this.closed = true;
        if (!opened) reject(new Error('Live transcription could not connect'));
        else if (unexpected) this.reportError({ code: 'unavailable', message: 'The live transcription connection closed' });
        this.settleEnd();
        this.events.onClose?.();
      });
    });
  }

  /** Sends one chunk of the recorder's stream (base64 `audio_chunk`), after those before it. */
  sendChunk(blob: Blob, mimeType: string): Promise<void> {
    const format = mimeType || blob.type || 'webm';
    this.queue = this.queue.then(async () => {
      if (blob.size === 0 || !this.isOpen) return;
      const audio = toBase64(new Uint8Array(await blob.arrayBuffer()));
      this.send({ type: 'audio_chunk', audio, format });
    });
    return this.queue;
  }

  pause(): void {
    this.queue = this.queue.then(() => this.send({ type: 'pause' }));
  }

  resume(): void {
    this.queue = this.queue.then(() => this.send({ type: 'resume' }));
  }

  /**
   * Ends the stream (`end_recording` after every chunk sent) and resolves with the server's
   * `complete` text; if it does not come in time or the socket is gone, with the finals
   * received so far. Never rejects; the socket is closed afterwards.
   */
  end(): Promise<string> {
    if (this.completed) return Promise.resolve(this.finals.join(' '));
    return new Promise<string>((resolve) => {
      const timer = setTimeout(() => this.settleEnd(), this.options.endTimeoutMs);
      this.completed = (text) => {
        clearTimeout(timer);
        this.completed = () => undefined;
        this.close();
        resolve(text);
      };
      this.queue = this.queue.then(() => {
        if (this.isOpen) this.send({ type: 'end_recording' });
        else this.settleEnd();
      });
    });
  }

  /** Closes the socket (reset, cancel, leaving); later calls do nothing. */
  close(): void {
    this.closed = true;
    const socket = this.socket;
    if (socket && (socket.readyState === CONNECTING || socket.readyState === OPEN)) socket.close();
  }

  private settleEnd(text = this.finals.join(' ')): void {
    this.completed?.(text);
  }

  private reportError(error: LiveTranscriptionError): void {
    if (this.failed) return;
    this.failed = true;
    this.events.onError?.(error);
  }

  private send(message: LiveClientMessage): void {
    if (!this.isOpen) return;
    try {
      this.socket?.send(JSON.stringify(message));
    } catch (error) {
      console.warn('Live transcription: a message could not be sent:', error);
    }
  }

  private receive(data: unknown): void {
    let parsed;
    try {
      parsed = liveServerMessageSchema.safeParse(JSON.parse(String(data)));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      console.warn('Live transcription: a message the client does not understand was ignored');
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case 'partial':
        this.events.onPartial?.(message.text);
        break;
      case 'final':
        if (message.text.trim()) this.finals.push(message.text.trim());
        this.events.onFinal?.(message.text, message.start !== undefined && message.end !== undefined ? { start: message.start, end: message.end } : undefined);
        break;
      case 'complete':
        this.settleEnd(message.text);
        break;
      case 'error':
        this.reportError({ code: message.code, message: message.error });
        break;
    }
  }
}
