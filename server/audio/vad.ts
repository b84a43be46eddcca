import { existsSync } from 'node:fs';
import { initWhisperVad, type WhisperVadContext } from '@fugood/whisper.node';
import { OneAtATime } from '../ai/one-at-a-time.ts';
import { toArrayBuffer } from './wav.ts';

/** A stretch of speech, in seconds from the start of the recording. */
export interface SpeechSegment {
  start: number;
  end: number;
}

/** Less speech than this (seconds, all segments together) is "very little speech". */
export const MIN_SPEECH_SECONDS = 0.5;

export type SpeechVerdict = 'speech' | 'no_speech' | 'very_little_speech';

export interface SpeechAssessment {
  verdict: SpeechVerdict;
  speechSeconds: number;
  segments: SpeechSegment[];
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
    if (pcm.length < 2) return [];
    const context = await this.load();
    const segments = await this.queue.run(() =>
      context.detectSpeechData(toArrayBuffer(pcm), { threshold: this.options.threshold ?? 0.5 }),
    );
    // whisper.cpp reports VAD times in 10 ms units.
    return segments.map((s) => ({ start: s.t0 / 100, end: s.t1 / 100 }));
  }

  /** Detects and assesses in one go. */
  async assess(pcm: Buffer): Promise<SpeechAssessment> {
    return assessSpeech(await this.detect(pcm));
  }

  async close(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    if (context) await (await context.catch(() => undefined))?.release();
  }
}
