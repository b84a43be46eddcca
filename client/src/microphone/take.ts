import { MICROPHONE } from '../takes/microphone.ts';
import { pauseClock, recordedMs, resumeClock, startClock, STOPPED_CLOCK, type RecordingClock } from './clock.ts';
import { chooseRecordingFormat } from './format.ts';
import { addChunk, forgetTakeQuietly, startTakeCopy } from './unsavedTakes.ts';

/** Opens the microphone as the spec asks for it (mono, 16 kHz, voice clean-up); throws what getUserMedia throws. */
export function openMicrophone(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia(MICROPHONE);
}

/** Turns the microphone off (the browser's recording indicator goes away). */
export function releaseMicrophone(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/** Where a take's chunks are kept on this device as they come (decision 010); tests give their own. */
export interface DeviceCopy {
  start(ownerId: string, mimeType: string): Promise<string | null>;
  add(id: string, index: number, chunk: Blob, durationSeconds: number): Promise<void>;
  forget(id: string | null): Promise<void>;
}

const UNSAVED_TAKES: DeviceCopy = { start: startTakeCopy, add: addChunk, forget: forgetTakeQuietly };

/** A MediaRecorder in the first preferred format the browser has, and the type it was asked for. */
export function preferredRecorder(stream: MediaStream): { recorder: MediaRecorder; mimeType: string } {
  const format = chooseRecordingFormat((type) => MediaRecorder.isTypeSupported(type));
  const recorder = new MediaRecorder(stream, format ? { mimeType: format.mimeType, audioBitsPerSecond: format.bitsPerSecond } : undefined);
  return { recorder, mimeType: format?.mimeType ?? '' };
}

export interface TakeOptions {
  /** How often the recorder hands over a chunk (ms). */
  chunkMs: number;
  /** Keep a copy of the take on this device under this owner; null keeps none. */
  copyOwner: string | null;
  /** Every non-empty chunk as it comes, numbered from 0 (live text, the streaming test). */
  onChunk?: (chunk: Blob, mimeType: string, index: number) => void;
  /** The recorder itself failed while recording. */
  onError?: (event: Event) => void;
  /** For tests: the clock, the device copy and the recorder. */
  now?: () => number;
  deviceCopy?: DeviceCopy;
  createRecorder?: (stream: MediaStream) => { recorder: MediaRecorder; mimeType: string };
}

/** A finished take: its audio, how many chunks made it, the time recorded (pauses left out), its device copy. */
export interface RecordedTake {
  audio: Blob;
  chunkCount: number;
  durationSeconds: number;
  copyId: string | null;
}

/** Stops a recorder and resolves once its last data has arrived. */
function stopRecorder(recorder: MediaRecorder): Promise<void> {
  return new Promise((resolve, reject) => {
    if (recorder.state === 'inactive') return resolve();
    recorder.addEventListener('stop', () => resolve(), { once: true });
    recorder.addEventListener('error', (event) => reject(event), { once: true });
    recorder.stop();
  });
}

/**
 * One take on an open microphone: the recorder, every chunk it gives (none lost, none
 * empty), a clock that leaves pauses out, and the chunks' copy on this device written one
 * after another, so forgetting the copy after the last write leaves nothing behind
 * (decision 032). The microphone itself belongs to the caller: a conversation records
 * many takes on one stream.
 */
export class MicrophoneTake {
  private readonly chunks: Blob[] = [];
  private clock: RecordingClock = STOPPED_CLOCK;
  private durationSeconds = 0;
  private copyWrites: Promise<void> = Promise.resolve();

  private constructor(
    private readonly recorder: MediaRecorder,
    private readonly requestedType: string,
    readonly copyId: string | null,
    private readonly options: TakeOptions,
    private readonly copy: DeviceCopy,
  ) {}

  /** A take ready to start; its device copy is begun first (a copy that fails leaves recording going on without one). */
  static async prepare(stream: MediaStream, options: TakeOptions): Promise<MicrophoneTake> {
    const { recorder, mimeType } = (options.createRecorder ?? preferredRecorder)(stream);
    const copy = options.deviceCopy ?? UNSAVED_TAKES;
    const copyId = options.copyOwner === null ? null : await copy.start(options.copyOwner, recorder.mimeType || mimeType);
    return new MicrophoneTake(recorder, mimeType, copyId, options, copy);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The recorded type: what the recorder says, else what it was asked for, else the chunks' own. */
  get mimeType(): string {
    return this.recorder.mimeType || this.requestedType || this.chunks[0]?.type || '';
  }

  get state(): RecordingState {
    return this.recorder.state;
  }

  /** Starts recording; throws what MediaRecorder.start throws. */
  start(): void {
    this.recorder.addEventListener('dataavailable', (event) => this.keep(event.data));
    if (this.options.onError) this.recorder.addEventListener('error', this.options.onError);
    this.recorder.start(this.options.chunkMs);
    this.clock = startClock(this.now());
  }

  private keep(chunk: Blob): void {
    if (chunk.size === 0) return;
    this.chunks.push(chunk);
    const index = this.chunks.length - 1;
    // The chunk given at stop comes after the clock stopped: it writes 0, and the copy's time never goes back.
    const durationSeconds = recordedMs(this.clock, this.now()) / 1000;
    const id = this.copyId;
    if (id) {
      this.copyWrites = this.copyWrites
        .then(() => this.copy.add(id, index, chunk, durationSeconds))
        .catch((error: unknown) => console.warn('The device copy of the recording failed:', error));
    }
    this.options.onChunk?.(chunk, this.mimeType, index);
  }

  /** Pauses; false when it was not recording. */
  pause(): boolean {
    if (this.recorder.state !== 'recording') return false;
    this.recorder.pause();
    this.clock = pauseClock(this.clock, this.now());
    return true;
  }

  /** Resumes; false when it was not paused. */
  resume(): boolean {
    if (this.recorder.state !== 'paused') return false;
    this.recorder.resume();
    this.clock = resumeClock(this.clock, this.now());
    return true;
  }

  /** Milliseconds recorded so far, paused time left out; 0 once stopped. */
  elapsedMs(): number {
    return recordedMs(this.clock, this.now());
  }

  /** Stops and waits for the last chunk; the time recorded is taken at the call. Throws when the recorder fails to stop. */
  stop(): Promise<void> {
    if (this.clock !== STOPPED_CLOCK) this.durationSeconds = recordedMs(this.clock, this.now()) / 1000;
    this.clock = STOPPED_CLOCK;
    return stopRecorder(this.recorder);
  }

  /** The take, once every chunk is on the device (call after `stop`). */
  async result(): Promise<RecordedTake> {
    await this.copyWrites;
    return {
      audio: new Blob(this.chunks, { type: this.mimeType }),
      chunkCount: this.chunks.length,
      durationSeconds: this.durationSeconds,
      copyId: this.copyId,
    };
  }

  /** Stops without waiting (leaving, closing): the device copy stays. */
  halt(): void {
    this.clock = STOPPED_CLOCK;
    if (this.recorder.state !== 'inactive') this.recorder.stop();
  }

  /** Forgets the device copy, after its last write (or it would come back). */
  async forgetCopy(): Promise<void> {
    await this.copyWrites;
    await this.copy.forget(this.copyId);
  }

  /**
   * Throws the take away (only after the person confirmed it): the recorder is stopped at
   * once, and the copy forgotten after the last chunk's write.
   */
  async discard(): Promise<void> {
    this.clock = STOPPED_CLOCK;
    await stopRecorder(this.recorder).catch(() => undefined);
    await this.forgetCopy();
  }
}
