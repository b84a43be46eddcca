import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_CHUNK_INTERVAL_MS } from '../../../contract/live.ts';
import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';
import { RECORDER_TIMER } from '../../../contract/recorder.ts';
import { checkHasAudio } from '../takes/checkHasAudio.ts';
import { MICROPHONE, microphoneErrorKind, type MicrophoneErrorKind } from '../takes/microphone.ts';
import { takeProblem } from '../takes/takeProblem.ts';
import type { TakeFailure } from '../takes/takeFailure.ts';
import type { Take } from './recorderMachine.ts';
import { chooseRecordingFormat } from './recordingFormat.ts';
import { pauseClock, recordedMs, resumeClock, startClock, STOPPED_CLOCK, type RecordingClock } from './recordingTimer.ts';
import { addChunk, forgetTakeQuietly, startTakeCopy } from './unsavedTakes.ts';
import { useSilenceNotice } from './useSilenceNotice.ts';


export type StopResult = { take: Take } | { failure: TakeFailure };

/** How a recorder other than the main one uses the microphone. */
export interface MicrophoneOptions {
  /** How often the timer updates (the co-author page: every 100 ms). */
  tickMs?: number;
  /** Keep a copy of the take on the device (the signed-in recorder); a visitor's page keeps none. */
  keepOnDevice?: boolean;
}

/** One take's own options: a streaming recorder gets each chunk as it is recorded. */
export interface TakeOptions {
  /** Called with every chunk, every 500 ms (spec 7.11), besides keeping it for the take. */
  onChunk?: (chunk: Blob, mimeType: string) => void;
}

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  chunks: Blob[];
  /** The take's copy on this device, or null when this browser cannot keep one. */
  copyId: string | null;
  /** The copy's writes, one after another: forgetting the copy waits for them, so none brings it back. */
  copyWrites: Promise<void>;
}

function releaseMicrophone(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/** A device-copy write after the ones before it: a failure is reported, never allowed to stop the recording. */
function keepCopy(session: Session, write: () => Promise<void>): void {
  session.copyWrites = session.copyWrites
    .then(write)
    .catch((error: unknown) => console.warn('The device copy of the recording failed:', error));
}

/** Stops the recorder and resolves once its last data has arrived. */
function stopRecorder(recorder: MediaRecorder): Promise<void> {
  return new Promise((resolve, reject) => {
    if (recorder.state === 'inactive') return resolve();
    recorder.addEventListener('stop', () => resolve(), { once: true });
    recorder.addEventListener('error', (event) => reject(event), { once: true });
    recorder.stop();
  });
}

/**
 * The microphone under the recorder's state machine: MediaRecorder in the first supported
 * preferred format with 1 s chunks, a timer that leaves pauses out, the silence notice
 * (while `listening`), and the two ways a take ends: checked at stop (size, length,
 * quality, then speech), or kept as it is when the person leaves.
 */
export function useMicrophone(listening: boolean, ownerId: string, options: MicrophoneOptions = {}) {
  const { tickMs = RECORDER_TIMER.tickMs, keepOnDevice = true } = options;
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [elapsedMs, setElapsedMs] = useState(0);
  const session = useRef<Session | null>(null);
  const clock = useRef<RecordingClock>(STOPPED_CLOCK);
  const mounted = useRef(true);
  const starting = useRef(false);
  const silenceShown = useSilenceNotice(stream, listening);

  const endSession = useCallback(() => {
    const current = session.current;
    session.current = null;
    setStream(null);
    if (!current) return;
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    releaseMicrophone(current.stream);
  }, []);

  /** Opens the microphone and starts recording; the failure when it cannot. */
  const start = useCallback(async (take: TakeOptions = {}): Promise<TakeFailure | null> => {
    if (session.current || starting.current) return null;
    starting.current = true;
    try {
      const microphone = await navigator.mediaDevices.getUserMedia(MICROPHONE);
      if (!mounted.current) {
        releaseMicrophone(microphone);
        return null;
      }
      const format = chooseRecordingFormat((type) => MediaRecorder.isTypeSupported(type));
      const recorder = new MediaRecorder(
        microphone,
        format ? { mimeType: format.mimeType, audioBitsPerSecond: format.bitsPerSecond } : undefined,
      );
      const chunks: Blob[] = [];
      const copyId = keepOnDevice ? await startTakeCopy(ownerId, recorder.mimeType || format?.mimeType || '') : null;
      // The page went away while the copy was being started: no take, and the microphone off.
      if (!mounted.current) {
        releaseMicrophone(microphone);
        void forgetTakeQuietly(copyId);
        return null;
      }
      const { onChunk } = take;
      const opened: Session = { stream: microphone, recorder, chunks, copyId, copyWrites: Promise.resolve() };
      recorder.addEventListener('dataavailable', (event) => {
        chunks.push(event.data);
        const index = chunks.length - 1;
        const durationSeconds = recordedMs(clock.current, Date.now()) / 1000;
        if (copyId) keepCopy(opened, () => addChunk(copyId, index, event.data, durationSeconds));
        onChunk?.(event.data, recorder.mimeType || format?.mimeType || '');
      });
      recorder.start(onChunk ? LIVE_CHUNK_INTERVAL_MS : RECORDING_LIMITS.chunkMs);
      session.current = opened;
      clock.current = startClock(Date.now());
      setElapsedMs(0);
      setStream(microphone);
      return null;
    } catch (error) {
      return { type: 'microphone', kind: microphoneErrorKind(error) };
    } finally {
      starting.current = false;
    }
  }, [ownerId, keepOnDevice]);

  const pause = useCallback(() => {
    const current = session.current;
    if (!current || current.recorder.state !== 'recording') return;
    current.recorder.pause();
    clock.current = pauseClock(clock.current, Date.now());
    setElapsedMs(recordedMs(clock.current, Date.now()));
  }, []);

  const resume = useCallback(() => {
    const current = session.current;
    if (!current || current.recorder.state !== 'paused') return;
    current.recorder.resume();
    clock.current = resumeClock(clock.current, Date.now());
  }, []);

  /** Ends the take and returns its audio, or null when the stop itself failed. */
  const finish = useCallback(async (): Promise<{ take: Take; chunkCount: number } | null> => {
    const current = session.current;
    if (!current) return null;
    const durationSeconds = recordedMs(clock.current, Date.now()) / 1000;
    clock.current = STOPPED_CLOCK;
    try {
      await stopRecorder(current.recorder);
    } catch {
      endSession();
      return null;
    }
    endSession();
    // The last chunk is on the device before anyone may forget the copy.
    await current.copyWrites;
    setElapsedMs(0);
    const audio = new Blob(current.chunks, { type: current.recorder.mimeType || current.chunks[0]?.type || '' });
    return { take: { audio, durationSeconds, recordedAt: new Date(), copyId: current.copyId }, chunkCount: current.chunks.length };
  }, [endSession]);

  /** Stop: the take, once it passed every check at stop (spec 5). */
  const stop = useCallback(async (): Promise<StopResult> => {
    const finished = await finish();
    if (!finished) return { failure: { type: 'stop_failed' } };
    const { take, chunkCount } = finished;
    const problem = await takeProblem(take.audio, { chunkCount, durationSeconds: take.durationSeconds });
    if (!problem) return { take };
    // A take the checks refuse (silent, too short) has no words to keep.
    void forgetTakeQuietly(take.copyId);
    return { failure: { type: 'problem', problem } };
  }, [finish]);

  /** Leaving: the take as it is, unchecked; null when nothing was recorded at all. */
  const keepAsIs = useCallback(async (): Promise<Take | null> => {
    const finished = await finish();
    if (!finished) return null;
    const { take, chunkCount } = finished;
    return checkHasAudio({ chunkCount, sizeBytes: take.audio.size }) ? null : take;
  }, [finish]);

  /** Closes the microphone and forgets the take (only after the person confirmed it). */
  const discard = useCallback(async () => {
    clock.current = STOPPED_CLOCK;
    const current = session.current;
    // The recorder's last chunk and its write come first, or they would bring the copy back.
    const stopped = current ? stopRecorder(current.recorder).catch(() => undefined) : null;
    endSession();
    setElapsedMs(0);
    if (!current) return;
    await stopped;
    await current.copyWrites;
    await forgetTakeQuietly(current.copyId);
  }, [endSession]);

  // The timer shows the time recorded, updated every tick (a second by default) while recording.
  useEffect(() => {
    if (!listening) return;
    const timer = window.setInterval(() => setElapsedMs(recordedMs(clock.current, Date.now())), tickMs);
    return () => window.clearInterval(timer);
  }, [listening, tickMs]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      endSession();
    };
  }, [endSession]);

  return { elapsedMs, silenceShown, start, pause, resume, stop, keepAsIs, discard, isOpen: () => session.current !== null };
}
