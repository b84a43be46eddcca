import { LIVE_CHUNK_INTERVAL_MS } from '../../../contract/live.ts';
import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';
import { MicrophoneTake, openMicrophone, releaseMicrophone } from '../microphone/take.ts';
import type { Take } from '../recorder/recorderMachine.ts';
import { checkHasAudio } from '../takes/checkHasAudio.ts';

/** Louder than this (about -45 dBFS) is sound; below it, a pause (a quiet room with the browser's noise suppression). */
export const SOUND_RMS = 0.0056;

/** Root mean square of a waveform (-1..1). */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / samples.length);
}

/**
 * The microphone of a spoken interview: opened once for the conversation, one take per
 * answer (a MediaRecorder each, so every answer is a whole file of its own; nothing is
 * recorded while Saaga speaks). Every chunk goes to the device copy as it comes (the
 * recorder's unsaved takes: a closed tab or a dropped connection loses nothing) and to
 * `onChunk` for live text, every 500 ms.
 */
export class AnswerMicrophone {
  private stream: MediaStream | null = null;
  private current: MicrophoneTake | null = null;
  private levels: { context: AudioContext; timer: number } | null = null;
  /** When the microphone last heard more than silence (the recorder's silence level). */
  private lastSoundAt = Date.now();

  constructor(private readonly ownerId: string) {}

  /** Asks for the microphone; throws what getUserMedia throws. */
  async open(): Promise<void> {
    if (this.stream) return;
    this.stream = await openMicrophone();
    this.watchLevel(this.stream);
  }

  /** How long the microphone has been quiet (0 while the person speaks), this answer only. */
  quietMs(now = Date.now()): number {
    return this.levels ? now - this.lastSoundAt : 0;
  }

  /**
   * Reads the loudness of the waveform itself every 200 ms (not the smoothed spectrum of the
   * silence notice, which fades out over seconds), to tell when the person has paused.
   */
  private watchLevel(stream: MediaStream): void {
    if (typeof AudioContext === 'undefined') return;
    try {
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = RECORDING_LIMITS.analyserSize;
      context.createMediaStreamSource(stream).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      const timer = window.setInterval(() => {
        analyser.getFloatTimeDomainData(samples);
        if (rms(samples) > SOUND_RMS) this.lastSoundAt = Date.now();
      }, RECORDING_LIMITS.silenceCheckMs);
      this.levels = { context, timer };
    } catch (error) {
      console.warn('The microphone level cannot be read; pauses do not end an answer:', error);
    }
  }

  /** Starts recording an answer. */
  async startTake(onChunk?: (chunk: Blob, mimeType: string) => void): Promise<void> {
    if (!this.stream || this.current) return;
    const take = await MicrophoneTake.prepare(this.stream, { chunkMs: LIVE_CHUNK_INTERVAL_MS, copyOwner: this.ownerId, onChunk });
    take.start();
    this.current = take;
    this.lastSoundAt = Date.now();
  }

  /** Ends the answer: its take, or null when nothing was recorded (its copy is then forgotten). */
  async stopTake(): Promise<Take | null> {
    const take = this.current;
    this.current = null;
    if (!take) return null;
    await take.stop().catch((error: unknown) => console.warn('The recorder did not stop cleanly:', error));
    const { audio, chunkCount, durationSeconds, copyId } = await take.result();
    if (checkHasAudio({ chunkCount, sizeBytes: audio.size })) {
      await take.forgetCopy();
      return null;
    }
    return { audio, durationSeconds, recordedAt: new Date(), copyId };
  }

  /** Releases the microphone (a take still recording is stopped; its device copy stays). */
  close(): void {
    this.current?.halt();
    this.current = null;
    if (this.stream) releaseMicrophone(this.stream);
    this.stream = null;
    if (this.levels) {
      window.clearInterval(this.levels.timer);
      void this.levels.context.close().catch(() => undefined);
      this.levels = null;
    }
  }
}
