import { availableParallelism } from 'node:os';
import { SAMPLE_RATE } from '../../audio/wav.ts';
import type { LiveStreamOptions, LiveTranscriber, LiveTranscriptEvents, LiveTranscriptionStream, Transcriber } from '../ports.ts';

/** How the local engine cuts live speech into windows and utterances. */
export interface LiveTuning {
  /** A partial is transcribed after this much new audio. */
  partialEverySeconds: number;
  /** A partial covers at most the last this many seconds of the utterance. */
  windowSeconds: number;
  /** Quiet after speech this long ends the utterance. */
  silenceSeconds: number;
  /** An utterance this long ends even without a pause (whisper.cpp reads 30 s at a time). */
  maxUtteranceSeconds: number;
  /** Frame RMS, as a fraction of full scale, above which a frame counts as speech. */
  speechLevel: number;
}

export const DEFAULT_LIVE_TUNING: LiveTuning = {
  partialEverySeconds: 1.5,
  windowSeconds: 12,
  silenceSeconds: 0.8,
  maxUtteranceSeconds: 25,
  speechLevel: 0.01,
};

/** Real-time factor under which the engine keeps up with speech (partials come well before the next ones are due). */
export const KEEPS_UP_RTF = 0.5;
const FRAME_SAMPLES = SAMPLE_RATE * 0.03;
/** Silence kept before the first speech of an utterance, so a soft first word is not cut. */
const LEAD_IN_SECONDS = 1;
const MEASURED_RUNS = 5;

export interface LocalLiveSettings {
  /** Transcribes the windows shown while the person speaks: a smaller model when one is present. */
  partials: Transcriber;
  /** Transcribes each finished utterance: the durable pipeline's model. */
  finals: Transcriber;
  /** File name of the partials' model, to guess whether it keeps up before anything was measured. */
  partialModel: string;
  /** Cores of this machine (default: all). */
  cores?: number;
  tuning?: Partial<LiveTuning>;
  /** Frees what only live transcription holds (a separate partials model). */
  close?: () => Promise<void>;
}

/**
 * One whisper.cpp job at a time for every live stream: a partial is skipped while another
 * job runs or waits (it would be stale when its turn came); a final waits its turn.
 */
class WhisperGate {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  get idle(): boolean {
    return this.pending === 0;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    this.pending += 1;
    const result = this.tail.then(task, task).finally(() => {
      this.pending -= 1;
    });
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * Live text from whisper.cpp: PCM is kept per utterance; every `partialEverySeconds` of new
 * audio the last `windowSeconds` of the utterance are transcribed as a partial, and when
 * the person pauses (quiet after speech, the recorder's pause, or the end) the whole
 * utterance is transcribed once more as a final. Why: docs/decisions/017-live-transcription.md.
 */
export class LocalLiveTranscriber implements LiveTranscriber {
  readonly adapter = 'local' as const;
  private readonly gate = new WhisperGate();
  private readonly tuning: LiveTuning;
  /** Seconds of work per second of audio, of the last few windows. */
  private readonly factors: number[] = [];

  constructor(private readonly settings: LocalLiveSettings) {
    this.tuning = { ...DEFAULT_LIVE_TUNING, ...settings.tuning };
  }

  async keepsUp(): Promise<boolean> {
    if (this.factors.length > 0) {
      const mean = this.factors.reduce((a, b) => a + b, 0) / this.factors.length;
      return mean < KEEPS_UP_RTF;
    }
    return guessKeepsUp(this.settings.partialModel, this.settings.cores ?? availableParallelism());
  }

  async start(options: LiveStreamOptions, events: LiveTranscriptEvents): Promise<LiveTranscriptionStream> {
    options.signal.throwIfAborted();
    return new LocalLiveStream(this.tuning, options, events, (kind, pcm) => this.transcribe(kind, pcm, options));
  }

  /** Runs one window through whisper.cpp in the gate; undefined when a partial was skipped. */
  private async transcribe(kind: WindowKind, pcm: Int16Array, options: LiveStreamOptions): Promise<string | undefined> {
    if (kind === 'partial' && !this.gate.idle) return undefined;
    const which = kind === 'partial' ? this.settings.partials : this.settings.finals;
    return this.gate.run(async () => {
      options.signal.throwIfAborted();
      const began = performance.now();
      const audio = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
      const result = await which.transcribe({ audio, language: options.language, vocabulary: options.vocabulary, signal: options.signal });
      const seconds = pcm.length / SAMPLE_RATE;
      if (seconds >= 1) {
        this.factors.push((performance.now() - began) / 1000 / seconds);
        if (this.factors.length > MEASURED_RUNS) this.factors.shift();
      }
      return result.text;
    });
  }

  async close(): Promise<void> {
    await this.settings.close?.();
  }
}

/**
 * Before anything is measured: tiny and base keep up on two cores, small on four; larger
 * models (large-v3-turbo, the default) are assumed not to, so live text starts off there.
 */
export function guessKeepsUp(model: string, cores: number): boolean {
  const name = model.toLowerCase();
  if (/tiny|base/.test(name)) return cores >= 2;
  if (/small/.test(name)) return cores >= 4;
  return false;
}

/** Samples at 16 kHz as seconds, to the millisecond. */
const seconds = (samples: number) => Math.round((samples / SAMPLE_RATE) * 1000) / 1000;

export type WindowKind = 'partial' | 'final';
/** Transcribes a window of 16 kHz PCM; undefined when a partial was skipped. */
export type TranscribeWindow = (kind: WindowKind, pcm: Int16Array) => Promise<string | undefined>;

/** One person's live stream: the utterance in progress and its energy gate. */
export class LocalLiveStream implements LiveTranscriptionStream {
  private parts: Int16Array[] = [];
  private samples = 0;
  /** Samples written since the stream began: where an utterance was said. */
  private written = 0;
  private heardSpeech = false;
  private quietSamples = 0;
  private sinceWindow = 0;
  /** Jobs of this stream, in order: a final never overtakes the partial before it. */
  private work: Promise<void> = Promise.resolve();
  private partialPending = false;
  private closed = false;

  constructor(
    private readonly tuning: LiveTuning,
    private readonly options: LiveStreamOptions,
    private readonly events: LiveTranscriptEvents,
    private readonly run: TranscribeWindow,
  ) {
    options.signal.addEventListener('abort', () => this.drop(), { once: true });
  }

  write(pcm: Int16Array): void {
    if (this.closed || pcm.length === 0) return;
    this.parts.push(pcm);
    this.samples += pcm.length;
    this.written += pcm.length;
    this.sinceWindow += pcm.length;
    this.listen(pcm);
    if (!this.heardSpeech) {
      this.trimLeadIn();
      return;
    }
    if (this.quietSamples >= this.tuning.silenceSeconds * SAMPLE_RATE) this.finishUtterance();
    else if (this.samples >= this.tuning.maxUtteranceSeconds * SAMPLE_RATE) this.finishUtterance();
    else if (this.sinceWindow >= this.tuning.partialEverySeconds * SAMPLE_RATE && !this.partialPending) this.partial();
  }

  pause(): void {
    if (!this.closed) this.finishUtterance();
  }

  async end(): Promise<void> {
    if (!this.closed) this.finishUtterance();
    await this.work;
    this.closed = true;
  }

  /** Frame by frame: speech above the level, and how long it has been quiet since. */
  private listen(pcm: Int16Array): void {
    const threshold = this.tuning.speechLevel * 32768;
    for (let start = 0; start < pcm.length; start += FRAME_SAMPLES) {
      const end = Math.min(pcm.length, start + FRAME_SAMPLES);
      let sum = 0;
      for (let i = start; i < end; i++) sum += pcm[i] * pcm[i];
      if (Math.sqrt(sum / (end - start)) > threshold) {
        this.heardSpeech = true;
        this.quietSamples = 0;
      } else {
        this.quietSamples += end - start;
      }
    }
  }

  /** Before any speech, only the last second is kept: silence is not transcribed. */
  private trimLeadIn(): void {
    const keep = LEAD_IN_SECONDS * SAMPLE_RATE;
    if (this.samples <= 2 * keep) return;
    const tail = this.audio().subarray(this.samples - keep);
    this.parts = [tail];
    this.samples = tail.length;
    this.sinceWindow = 0;
  }

  private audio(): Int16Array {
    if (this.parts.length === 1) return this.parts[0];
    const all = new Int16Array(this.samples);
    let at = 0;
    for (const part of this.parts) {
      all.set(part, at);
      at += part.length;
    }
    this.parts = [all];
    return all;
  }

  private partial(): void {
    this.sinceWindow = 0;
    const all = this.audio();
    const window = all.slice(Math.max(0, all.length - this.tuning.windowSeconds * SAMPLE_RATE));
    this.partialPending = true;
    this.enqueue(async () => {
      try {
        const text = await this.run('partial', window);
        if (text !== undefined && !this.closed) this.events.partial(text);
      } finally {
        this.partialPending = false;
      }
    });
  }

  /** The utterance is over: transcribed whole as a final (unless nothing was said), and a new one begins. */
  private finishUtterance(): void {
    const spoken = this.heardSpeech && this.samples > 0;
    const audio = spoken ? this.audio() : undefined;
    // Its window in the stream: from its lead-in to the end of its speech (the quiet after left out).
    const said = { start: seconds(this.written - this.samples), end: seconds(this.written - this.quietSamples) };
    this.parts = [];
    this.samples = 0;
    this.heardSpeech = false;
    this.quietSamples = 0;
    this.sinceWindow = 0;
    if (!audio) return;
    this.enqueue(async () => {
      const text = await this.run('final', audio);
      if (!this.closed) this.events.final(text ?? '', said);
    });
  }

  private enqueue(job: () => Promise<void>): void {
    this.work = this.work.then(async () => {
      if (this.closed) return;
      try {
        await job();
      } catch (error) {
        if (this.closed) return;
        this.drop();
        this.events.error(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** The connection dropped or the engine failed: nothing more is reported and the audio is let go. */
  private drop(): void {
    this.closed = true;
    this.parts = [];
    this.samples = 0;
  }
}
