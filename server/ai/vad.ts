import { existsSync } from 'node:fs';
import { initWhisperVad, type WhisperVadContext } from '@fugood/whisper.node';
import { OneAtATime } from './one-at-a-time.ts';
import { loudStretches } from '../audio/loudness.ts';
import type { SpeechSegment } from '../audio/split.ts';
import { pcmFileSeconds, pcmSeconds, readPcm, slicePcm, toArrayBuffer } from '../audio/wav.ts';

export type { SpeechSegment };

/**
 * Speech is looked for this many seconds at a time. A native call cannot be stopped: a
 * shutdown waits for one window at most (about 2 s on a loaded 2-core machine, decision 030).
 */
export const VAD_WINDOW_SECONDS = 60;
/** Segments this close to a window's edge on both sides are one stretch of speech. */
const EDGE_SECONDS = 0.25;

/** A recording longer than this gets a first look (probes, then its loud stretches) before the whole pass. */
export const PROBES_FROM_SECONDS = 240;
/** The first look's probes: this much audio in all, this long each, spread evenly over the recording. */
export const PROBE_BUDGET_SECONDS = 120;
export const PROBE_SECONDS = 4;

/** Less speech than this (seconds, all segments together) is "very little speech". */
export const MIN_SPEECH_SECONDS = 0.5;
/** A verdict that may settle early looks at this much first, then at the rest a window at a time. */
export const FIRST_LOOK_SECONDS = 5;

export type SpeechVerdict = 'speech' | 'no_speech' | 'very_little_speech';

export interface SpeechAssessment {
  verdict: SpeechVerdict;
  speechSeconds: number;
  segments: SpeechSegment[];
  /** False when the detection looked at part of the recording only (its verdict settled early, or a first look): the segments cover only that part. */
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
  private examined = 0;

  constructor(private readonly options: SpeechDetectorOptions) {}

  get modelPath(): string {
    return this.options.modelPath;
  }

  /** Seconds of audio the model has looked at so far (what the work costs, for tests and benchmarks). */
  get examinedSeconds(): number {
    return this.examined;
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
  async detect(pcm: Buffer, signal?: AbortSignal): Promise<SpeechSegment[]> {
    const seconds = pcmSeconds(pcm);
    return (await this.detectSpans([{ start: 0, end: seconds }], async (start, end) => slicePcm(pcm, start, end), { signal })).segments;
  }

  /** Speech segments of a normalised WAV file, read a window at a time. */
  async detectFile(file: string, signal?: AbortSignal): Promise<SpeechSegment[]> {
    return (await this.detectSpans([{ start: 0, end: await pcmFileSeconds(file) }], fileReader(file), { signal })).segments;
  }

  /** Detects and assesses in one go. */
  async assess(pcm: Buffer): Promise<SpeechAssessment> {
    return assessSpeech(await this.detect(pcm));
  }

  /**
   * Detects and assesses a normalised WAV file in one go; `signal` stops it between windows.
   * A recording over PROBES_FROM_SECONDS gets a bounded first look (`firstLook`): one with
   * no speech there is refused without the whole pass. With `settleEarly`, detection stops
   * once there is speech enough for the verdict (MIN_SPEECH_SECONDS): it looks at the first
   * FIRST_LOOK_SECONDS (or the probes), then on a window at a time, and the assessment's
   * segments cover only what it looked at (`complete: false`). For a caller that needs the
   * verdict alone, not where every silence is.
   */
  async assessFile(file: string, options: { settleEarly?: boolean; signal?: AbortSignal } = {}): Promise<SpeechAssessment> {
    const { settleEarly = false, signal } = options;
    const seconds = await pcmFileSeconds(file);
    const read = fileReader(file);
    const whole = async () =>
      ({ ...assessSpeech((await this.detectSpans([{ start: 0, end: seconds }], read, { signal })).segments), complete: true });
    if (seconds > PROBES_FROM_SECONDS) {
      const first = await this.firstLook(file, seconds, signal);
      return first.verdict !== 'speech' || settleEarly ? first : whole();
    }
    if (!settleEarly) return whole();
    const first = Math.min(FIRST_LOOK_SECONDS, seconds);
    const spans = [{ start: 0, end: first }, ...(seconds > first ? [{ start: first, end: seconds }] : [])];
    const { segments, stoppedEarly } = await this.detectSpans(spans, read, { signal, enough: hasSpeech });
    return { ...assessSpeech(segments), complete: !stoppedEarly };
  }

  /**
   * A bounded look at a long recording (decision 030): PROBE_BUDGET_SECONDS of probes spread
   * over it, stopping at the first speech enough for the verdict. When they hear none, the
   * stretches that stand out from the recording's floor (loudness.ts) are looked at too:
   * speech the probes fell between is there. Digital silence or a steady noise costs the
   * probes and one cheap loudness pass, however long it is. The segments cover only what
   * was looked at (`complete: false`).
   */
  private async firstLook(file: string, seconds: number, signal: AbortSignal | undefined): Promise<SpeechAssessment> {
    const read = fileReader(file);
    const heard = (await this.detectSpans(probeSpans(seconds), read, { signal, enough: hasSpeech })).segments;
    if (hasSpeech(heard)) return { ...assessSpeech(heard), complete: false };
    const loud = await loudStretches(file, seconds, signal);
    const more = (await this.detectSpans(loud, read, { signal, enough: (found) => hasSpeech(mergeSegments([...heard, ...found])) })).segments;
    return { ...assessSpeech(mergeSegments([...heard, ...more])), complete: false };
  }

  // whisper.cpp copies what it is given into floats: a window at a time keeps that small
  // however long the recording is, and lets `signal` stop the work between windows.
  private async detectSpans(
    spans: SpeechSegment[],
    read: (start: number, end: number) => Promise<Buffer>,
    options: { signal?: AbortSignal; enough?: (found: SpeechSegment[]) => boolean },
  ): Promise<{ segments: SpeechSegment[]; stoppedEarly: boolean }> {
    const segments: SpeechSegment[] = [];
    const windows = spans.flatMap((span) => splitSpan(span, this.options.windowSeconds ?? VAD_WINDOW_SECONDS));
    if (windows.length === 0) return { segments, stoppedEarly: false };
    const context = await this.load();
    const threshold = this.options.threshold ?? 0.5;
    let previousEnd = -1;
    for (const [index, { start, end }] of windows.entries()) {
      options.signal?.throwIfAborted();
      const pcm = await read(start, end);
      if (pcm.length < 2) continue;
      const found = await this.queue.run(() => context.detectSpeechData(toArrayBuffer(pcm), { threshold }));
      this.examined += end - start;
      const follows = start === previousEnd;
      previousEnd = end;
      for (const s of found) {
        // whisper.cpp reports VAD times in 10 ms units.
        const segment = { start: start + s.t0 / 100, end: start + s.t1 / 100 };
        const last = segments.at(-1);
        // Speech running over a window's edge comes back as two pieces: join them.
        if (last && follows && last.end >= start - EDGE_SECONDS && segment.start <= start + EDGE_SECONDS) last.end = segment.end;
        else segments.push(segment);
      }
      if (index < windows.length - 1 && options.enough?.(segments)) return { segments, stoppedEarly: true };
    }
    return { segments, stoppedEarly: false };
  }

  async close(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    if (context) await (await context.catch(() => undefined))?.release();
  }
}

/**
 * The first look's probes: PROBE_BUDGET_SECONDS / PROBE_SECONDS spans of PROBE_SECONDS,
 * one in the middle of each equal part of the recording.
 */
export function probeSpans(seconds: number): SpeechSegment[] {
  const count = Math.floor(PROBE_BUDGET_SECONDS / PROBE_SECONDS);
  const step = seconds / count;
  return Array.from({ length: count }, (_, i) => {
    const middle = (i + 0.5) * step;
    return { start: Math.max(0, middle - PROBE_SECONDS / 2), end: Math.min(seconds, middle + PROBE_SECONDS / 2) };
  });
}

/** Segments in order of time, overlapping ones joined (the same speech heard twice counts once). */
export function mergeSegments(segments: SpeechSegment[]): SpeechSegment[] {
  const merged: SpeechSegment[] = [];
  for (const segment of [...segments].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && segment.start <= last.end) last.end = Math.max(last.end, segment.end);
    else merged.push({ ...segment });
  }
  return merged;
}

const hasSpeech = (found: SpeechSegment[]) => assessSpeech(found).verdict === 'speech';

const fileReader = (file: string) => (start: number, end: number) => readPcm(file, { start, end });

function splitSpan(span: SpeechSegment, window: number): SpeechSegment[] {
  const windows: SpeechSegment[] = [];
  for (let start = span.start; start < span.end; start += window) windows.push({ start, end: Math.min(span.end, start + window) });
  return windows;
}
