import { LIVE_CHUNK_INTERVAL_MS } from '../../../contract/live.ts';
import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';
import type { Take } from '../recorder/recorderMachine.ts';
import { chooseRecordingFormat } from '../recorder/recordingFormat.ts';
import { addChunk, forgetTakeQuietly, startTakeCopy } from '../recorder/unsavedTakes.ts';
import { checkHasAudio } from '../takes/checkHasAudio.ts';
import { MICROPHONE } from '../takes/microphone.ts';

/** Louder than this (about -45 dBFS) is sound; below it, a pause (a quiet room with the browser's noise suppression). */
export const SOUND_RMS = 0.0056;

/** Root mean square of a waveform (-1..1). */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / samples.length);
}

interface Recording {
  recorder: MediaRecorder;
  chunks: Blob[];
  copyId: string | null;
  startedAt: number;
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
  private current: Recording | null = null;
  private levels: { context: AudioContext; timer: number } | null = null;
  /** When the microphone last heard more than silence (the recorder's silence level). */
  private lastSoundAt = Date.now();

  constructor(private readonly ownerId: string) {}

  /** Asks for the microphone; throws what getUserMedia throws. */
  async open(): Promise<void> {
    if (this.stream) return;
    this.stream = await navigator.mediaDevices.getUserMedia(MICROPHONE);
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
    const format = chooseRecordingFormat((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(this.stream, format ? { mimeType: format.mimeType, audioBitsPerSecond: format.bitsPerSecond } : undefined);
    const mimeType = recorder.mimeType || format?.mimeType || '';
    const copyId = await startTakeCopy(this.ownerId, mimeType);
    const recording: Recording = { recorder, chunks: [], copyId, startedAt: Date.now() };
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size === 0) return;
      recording.chunks.push(event.data);
      const index = recording.chunks.length - 1;
      if (copyId) void addChunk(copyId, index, event.data, (Date.now() - recording.startedAt) / 1000).catch((error: unknown) => console.warn('The device copy of the answer failed:', error));
      onChunk?.(event.data, mimeType);
    });
    recorder.start(LIVE_CHUNK_INTERVAL_MS);
    this.current = recording;
    this.lastSoundAt = Date.now();
  }

  /** Ends the answer: its take, or null when nothing was recorded (its copy is then forgotten). */
  async stopTake(): Promise<Take | null> {
    const recording = this.current;
    this.current = null;
    if (!recording) return null;
    const durationSeconds = (Date.now() - recording.startedAt) / 1000;
    await stopRecorder(recording.recorder).catch((error: unknown) => console.warn('The recorder did not stop cleanly:', error));
    const audio = new Blob(recording.chunks, { type: recording.recorder.mimeType || recording.chunks[0]?.type || '' });
    if (checkHasAudio({ chunkCount: recording.chunks.length, sizeBytes: audio.size })) {
      await forgetTakeQuietly(recording.copyId);
      return null;
    }
    return { audio, durationSeconds, recordedAt: new Date(), copyId: recording.copyId };
  }

  /** Releases the microphone (a take still recording is stopped; its device copy stays). */
  close(): void {
    if (this.current && this.current.recorder.state !== 'inactive') this.current.recorder.stop();
    this.current = null;
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    if (this.levels) {
      window.clearInterval(this.levels.timer);
      void this.levels.context.close().catch(() => undefined);
      this.levels = null;
    }
  }
}

function stopRecorder(recorder: MediaRecorder): Promise<void> {
  return new Promise((resolve, reject) => {
    if (recorder.state === 'inactive') return resolve();
    recorder.addEventListener('stop', () => resolve(), { once: true });
    recorder.addEventListener('error', (event) => reject(event), { once: true });
    recorder.stop();
  });
}
