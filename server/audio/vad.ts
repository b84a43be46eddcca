import { existsSync } from 'node:fs';
import { initWhisperVad, type WhisperVadContext } from '@fugood/whisper.node';
import { OneAtATime } from '../ai/one-at-a-time.ts';
import { pcmFileSeconds, pcmSeconds, readPcm, SAMPLE_RATE, slicePcm, toArrayBuffer } from './wav.ts';

/** A stretch of speech, in seconds from the start of the recording. */
export interface SpeechSegment {
  start: number;
  end: number;
}

/** Speech is looked for this many seconds at a time. */
export const VAD_WINDOW_SECONDS = 300;
/** Segments this close to a window's edge on both sides are one stretch of speech. */
const EDGE_SECONDS = 0.25;

/** Less speech than this (seconds, all segments together) is "very little speech". */
export const MIN_SPEECH_SECONDS = 0.5;
/** A verdict that may settle early looks at this much first, then at the rest a window at a time. */
export const FIRST_LOOK_SECONDS = 5;

export type SpeechVerdict = 'speech' | 'no_speech' | 'very_little_speech';

export interface SpeechAssessment {
  verdict: SpeechVerdict;
  speechSeconds: number;
  segments: SpeechSegment[];
  /** False when the detection stopped once the verdict was settled: the segments cover only the start. */
  complete?: boolean;
}

/** Decides from VAD segments whether a recording is worth transcribing. */
export function assessSpeech(segments: SpeechSegment[]): SpeechAssessment {
  const speechSeconds = segments.reduce((sum, s) => sum + Math.max(0, s.end - s.start), 0);
  const verdict: SpeechVerdict =
    segments.length === 0 ? 'no_speech' : speechSeconds < MIN_SPEECH_SECONDS ? 'very_little_speech' : 'speech';
  return { verdict, speechSeconds, segments };
}

export interface SpeechDetectorOptions {
  /** A Silero VAD model in ggml form (ggml-silero-*.bin). */
  modelPath: string;
  threads?: number;
  /** Probability above which a frame is speech (Silero's default 0.5). */
  threshold?: number;
  /** Seconds of audio given to the model at a time (default VAD_WINDOW_SECONDS). */
  windowSeconds?: number;
}

/**
 * Silero voice activity detection through whisper.cpp. The model is loaded on first use
 * and kept; calls run one at a time.
 */
export class SpeechDetector {
  private context: Promise<WhisperVadContext> | undefined;
  private readonly queue = new OneAtATime();

  constructor(private readonly options: SpeechDetectorOptions) {}

  get modelPath(): string {
    return this.options.modelPath;
  }

  /** True when the model file is there (it may still fail to load). */
  isAvailable(): boolean {
    return existsSync(this.options.modelPath);
  }

  private load(): Promise<WhisperVadContext> {
    if (!this.context) {
      this.context = initWhisperVad({ filePath: this.options.modelPath, useGpu: false, nThreads: this.options.threads ?? 1 });
      this.context.catch(() => (this.context = undefined));
    }
    return this.context;
  }

  /** Speech segments of 16 kHz mono s16 PCM. */
  async detect(pcm: Buffer): Promise<SpeechSegment[]> {
    return this.detectInWindows(pcmSeconds(pcm), async (start, end) => slicePcm(pcm, start, end));
  }

  /** Speech segments of a normalised WAV file, read a window at a time. */
  async detectFile(file: string): Promise<SpeechSegment[]> {
    return this.detectInWindows(await pcmFileSeconds(file), (start, end) => readPcm(file, { start, end }));
  }

  /** Detects and assesses in one go. */
  async assess(pcm: Buffer): Promise<SpeechAssessment> {
    return assessSpeech(await this.detect(pcm));
  }

  /**
   * Detects and assesses a normalised WAV file in one go. With `settleEarly`, detection
   * stops once there is speech enough for the verdict (MIN_SPEECH_SECONDS): it looks at the
   * first FIRST_LOOK_SECONDS, then at the rest a window at a time, and the assessment's
   * segments cover only what it looked at (`complete: false`). For a caller that needs the
   * verdict alone, not where every silence is.
   */
  async assessFile(file: string, options: { settleEarly?: boolean } = {}): Promise<SpeechAssessment> {
    if (!options.settleEarly) return { ...assessSpeech(await this.detectFile(file)), complete: true };
    let complete = true;
    const segments = await this.detectInWindows(await pcmFileSeconds(file), (start, end) => readPcm(file, { start, end }), {
      firstWindowSeconds: FIRST_LOOK_SECONDS,
      enough: (found, end, seconds) => {
        if (end >= seconds || assessSpeech(found).verdict !== 'speech') return false;
        complete = false;
        return true;
      },
    });
    return { ...assessSpeech(segments), complete };
  }

  // whisper.cpp copies what it is given into floats: a window at a time keeps that small
  // however long the recording is.
  private async detectInWindows(
    seconds: number,
    read: (start: number, end: number) => Promise<Buffer>,
    early: { firstWindowSeconds: number; enough: (found: SpeechSegment[], end: number, seconds: number) => boolean } | undefined = undefined,
  ): Promise<SpeechSegment[]> {
    const segments: SpeechSegment[] = [];
    if (seconds * SAMPLE_RATE < 1) return segments;
    const context = await this.load();
    const threshold = this.options.threshold ?? 0.5;
    const window = this.options.windowSeconds ?? VAD_WINDOW_SECONDS;
    for (let start = 0, end = 0; start < seconds; start = end) {
      end = Math.min(seconds, start + (start === 0 && early ? Math.min(early.firstWindowSeconds, window) : window));
      const pcm = await read(start, end);
      if (pcm.length < 2) break;
      const found = await this.queue.run(() => context.detectSpeechData(toArrayBuffer(pcm), { threshold }));
      for (const s of found) {
        // whisper.cpp reports VAD times in 10 ms units.
        const segment = { start: start + s.t0 / 100, end: start + s.t1 / 100 };
        const last = segments.at(-1);
        // Speech running over a window's edge comes back as two pieces: join them.
        if (last && start > 0 && last.end >= start - EDGE_SECONDS && segment.start <= start + EDGE_SECONDS) last.end = segment.end;
        else segments.push(segment);
      }
      if (early?.enough(segments, end, seconds)) break;
    }
    return segments;
  }

  async close(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    if (context) await (await context.catch(() => undefined))?.release();
  }
}
