import { AI_ERRORS } from '../../contract/ai-errors.ts';
import type { Language } from '../../contract/languages.ts';
import { LIVE_MAX_SECONDS, type LiveErrorCode, type LiveFormat } from '../../contract/live.ts';
import type { Engines } from '../ai/engines.ts';
import { isAiError } from '../ai/errors.ts';
import type { LiveSpan, LiveTranscriptionStream } from '../ai/ports.ts';
import { SAMPLE_RATE } from '../audio/wav.ts';
import { LiveDecoder } from './decoder.ts';
import { liveFormat } from './formats.ts';
import { hold } from './resources.ts';

/** A failure as the client is told it: English words (the message) and a code it translates. */
export class LiveFailure extends Error {
  constructor(readonly code: LiveErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LiveFailure';
  }
}

/** The live stream's own refusals, in English (AI failures use the catalogue's words). */
const LIVE_MESSAGES: Record<Exclude<LiveErrorCode, keyof typeof AI_ERRORS>, string> = {
  bad_message: 'The message could not be read.',
  too_many_messages: 'Too many messages: the stream sends too fast.',
  too_long: `The live stream is longer than ${LIVE_MAX_SECONDS / 60} minutes.`,
  unavailable: 'Live transcription is not available on this server.',
  too_many_live_streams: 'Live text is already on in your other windows or devices. Close one of them to see live text here.',
  live_server_busy: 'Live text is busy on the server right now. Please try again later.',
};

export function liveFailure(code: LiveErrorCode, message?: string): LiveFailure {
  return new LiveFailure(code, message ?? (code in AI_ERRORS ? AI_ERRORS[code as keyof typeof AI_ERRORS].server : LIVE_MESSAGES[code as keyof typeof LIVE_MESSAGES]));
}

/** An engine's error as the catalogue says it; anything unknown is a processing failure. */
export function failureOf(error: unknown): LiveFailure {
  if (error instanceof LiveFailure) return error;
  const code = isAiError(error) ? error.code : 'processing_failed';
  return new LiveFailure(code, AI_ERRORS[code].server, { cause: error });
}

export interface LiveSessionEvents {
  partial(text: string): void;
  /** A finished utterance; `said`: where in the stream, when the engine knows. */
  final(text: string, said?: LiveSpan): void;
  /** The session failed and has freed everything; nothing more comes. */
  failed(failure: LiveFailure): void;
}

export interface LiveSessionOptions {
  language?: Language;
  vocabulary?: string[];
  /** Longest stream, in seconds of decoded audio (default LIVE_MAX_SECONDS). */
  maxSeconds?: number;
}

/**
 * One person's live stream, whichever transport carries it (the WebSocket, or the test
 * page's chunk POSTs): the ffmpeg decoder started at the first chunk, and the engine's
 * stream the PCM goes into. `close()` (or a failure) frees both at once.
 */
export class LiveSession {
  private decoder: LiveDecoder | undefined;
  private format: LiveFormat | undefined;
  private paused = false;
  private ended = false;
  private closed = false;
  private decodedSamples = 0;
  private readonly finals: string[] = [];
  private readonly release = hold('sessions');

  private constructor(
    private readonly stream: LiveTranscriptionStream,
    private readonly abort: AbortController,
    private readonly events: LiveSessionEvents,
    private readonly maxSamples: number,
  ) {}

  /** Starts the engine's stream; throws a LiveFailure when there is no engine or it cannot start. */
  static async open(engines: Engines | undefined, options: LiveSessionOptions, events: LiveSessionEvents): Promise<LiveSession> {
    if (!engines) throw liveFailure('unavailable');
    const abort = new AbortController();
    let session: LiveSession | undefined;
    const release = hold('sessions');
    try {
      const stream = await engines.live.start(
        { language: options.language, vocabulary: options.vocabulary, signal: abort.signal },
        {
          partial: (text) => session?.emit(() => events.partial(text)),
          final: (text, said) => session?.addFinal(text, said),
          error: (error) => session?.fail(failureOf(error)),
        },
      );
      session = new LiveSession(stream, abort, events, (options.maxSeconds ?? LIVE_MAX_SECONDS) * SAMPLE_RATE);
      return session;
    } catch (error) {
      abort.abort();
      throw failureOf(error);
    } finally {
      release(); // the session holds its own count from here
    }
  }

  /** Everything said so far: the finals joined. */
  get text(): string {
    return this.finals.filter(Boolean).join(' ');
  }

  /** Bytes of the recorder's stream, in the container declared (the first chunk's decides). */
  chunk(bytes: Buffer, declared: string): void {
    if (this.closed || this.ended) return;
    const format = liveFormat(declared);
    if (!format || (this.format && format !== this.format)) {
      this.fail(liveFailure('bad_message', `Unsupported audio format: ${declared.slice(0, 100)}`));
      return;
    }
    this.format = format;
    this.decoder ??= new LiveDecoder(format, (pcm) => this.pcm(pcm), (error) => this.fail(failureOf(error)));
    this.decoder.write(bytes);
  }

  pause(): void {
    if (this.closed || this.ended || this.paused) return;
    this.paused = true;
    this.stream.pause();
  }

  resume(): void {
    this.paused = false;
  }

  /** No more audio: the last PCM is decoded and transcribed; answers everything said, or undefined if the session failed. */
  async end(): Promise<string | undefined> {
    if (this.closed || this.ended) return undefined;
    this.ended = true;
    try {
      await this.decoder?.end();
      if (this.closed) return undefined;
      await this.stream.end();
    } catch (error) {
      this.fail(failureOf(error));
      return undefined;
    }
    if (this.closed) return undefined;
    const text = this.text;
    this.close();
    return text;
  }

  /** Frees everything at once: the engine's stream is aborted, ffmpeg killed, buffers dropped. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.abort.abort();
    this.decoder?.kill();
    this.decoder = undefined;
    this.release();
  }

  /**
   * While paused the chunks are still decoded (a container cut in the middle would not
   * read on), and count towards the limit, but what they hold is not transcribed.
   */
  private pcm(samples: Int16Array): void {
    if (this.closed) return;
    this.decodedSamples += samples.length;
    if (this.decodedSamples > this.maxSamples) {
      this.fail(liveFailure('too_long'));
      return;
    }
    if (!this.paused) this.stream.write(samples);
  }

  private addFinal(text: string, said?: LiveSpan): void {
    if (this.closed) return;
    this.finals.push(text.trim());
    this.events.final(text, said);
  }

  private emit(send: () => void): void {
    if (!this.closed) send();
  }

  private fail(failure: LiveFailure): void {
    if (this.closed) return;
    this.close();
    this.events.failed(failure);
  }
}
