import type { Language } from '../../contract/languages.ts';
import type { TimedWord } from '../../contract/voice.ts';
import type { RunOptions, TaskInput, WritingTask } from './writing-task.ts';

/** Which implementation serves a port. */
export type AdapterName = 'openai' | 'local';

/** What GET /api/health shows for one engine. */
export interface EngineStatus {
  name: 'transcriber' | 'writer' | 'narrator' | 'vad';
  adapter: AdapterName;
  /** The model (or voice engine) in use. */
  model: string;
  ready: boolean;
  problem?: string;
  fix?: string;
}

// ---------------------------------------------------------------- transcriber

export interface TranscribeInput {
  /** Normalised audio: a path to, or the bytes of, a 16 kHz mono WAV or raw s16le PCM. */
  audio: string | Buffer;
  /** The speaker's language; undefined lets the engine detect it. */
  language?: Language;
  /** Names of the user's people and places, so the engine spells them right. */
  vocabulary?: string[];
  /** OpenAI transcription model (gpt-4o-transcribe, gpt-4o-mini-transcribe, whisper-1). */
  model?: string;
  /** Speech found by VAD (seconds), where a long recording may be cut at silences. */
  speech?: { start: number; end: number }[];
  signal?: AbortSignal;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

export interface Transcript {
  text: string;
  segments: TranscriptSegment[];
  /** Each word's time, where the engine gives them (whisper.cpp's tokens, whisper-1's words). */
  words?: TimedWord[];
  /** ISO 639-1 code, as detected or as given. */
  language: string;
  durationSeconds: number;
}

export interface Transcriber {
  readonly adapter: AdapterName;
  transcribe(input: TranscribeInput): Promise<Transcript>;
  status(): Promise<EngineStatus>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- live transcriber

/** Seconds from the start of the audio written to a live stream. */
export interface LiveSpan {
  start: number;
  end: number;
}

/** What a live stream reports while the person speaks. */
export interface LiveTranscriptEvents {
  /** The words of the utterance in progress, whole (each replaces the one before). */
  partial(text: string): void;
  /** A finished utterance (after a pause, or at the end), and where in the stream it was said when the engine knows. */
  final(text: string, said?: LiveSpan): void;
  /** The engine failed; the stream is over. */
  error(error: Error): void;
}

export interface LiveStreamOptions {
  language?: Language;
  vocabulary?: string[];
  /** Aborted when the connection drops: the stream frees everything at once. */
  signal: AbortSignal;
}

/** One person speaking, as 16 kHz mono s16le PCM in order. */
export interface LiveTranscriptionStream {
  write(pcm: Int16Array): void;
  /** The person paused the recorder: finish the utterance in progress. */
  pause(): void;
  /** No more audio: resolves after the last `final`. */
  end(): Promise<void>;
}

/** Speech to text while it is spoken (a view: the durable pipeline still transcribes the upload). */
export interface LiveTranscriber {
  readonly adapter: AdapterName;
  /** Whether it transcribes faster than people speak, so live text is on by default. */
  keepsUp(): Promise<boolean>;
  start(options: LiveStreamOptions, events: LiveTranscriptEvents): Promise<LiveTranscriptionStream>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- writer

/** Writes with a language model: runs any writing task a feature defines (writing-task.ts). */
export interface Writer {
  readonly adapter: AdapterName;
  /** The task's prompt to the model, its answer checked against the task's schema, then grounded by the task. */
  run<I extends TaskInput, O, R>(task: WritingTask<I, O, R>, input: I, options?: RunOptions): Promise<R>;
  status(): Promise<EngineStatus>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- narrator

export interface NarrateInput {
  text: string;
  language: Language;
  voice?: string;
  speed?: number;
  signal?: AbortSignal;
}

export interface Narration {
  audio: Buffer;
  mimeType: string;
}

export interface Narrator {
  readonly adapter: AdapterName;
  narrate(input: NarrateInput): Promise<Narration>;
  status(): Promise<EngineStatus>;
  close(): Promise<void>;
}
