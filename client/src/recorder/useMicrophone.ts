import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_CHUNK_INTERVAL_MS } from '../../../contract/live.ts';
import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';
import { RECORDER_TIMER } from '../../../contract/recorder.ts';
import { MicrophoneTake, openMicrophone, releaseMicrophone } from '../microphone/take.ts';
import { forgetTakeQuietly } from '../microphone/unsavedTakes.ts';
import { checkHasAudio } from '../takes/checkHasAudio.ts';
import { microphoneErrorKind } from '../takes/microphone.ts';
import { takeProblem } from '../takes/takeProblem.ts';
import type { TakeFailure } from '../takes/takeFailure.ts';
import type { Take } from './recorderMachine.ts';
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
  take: MicrophoneTake;
}

/**
 * The microphone under the recorder's state machine (one take of `microphone/take.ts` at a
 * time): 1 s chunks (500 ms while streaming live text), the timer, the silence notice
 * (while `listening`), and the two ways a take ends: checked at stop (size, length,
 * quality, then speech), or kept as it is when the person leaves.
 */
export function useMicrophone(listening: boolean, ownerId: string, options: MicrophoneOptions = {}) {
  const { tickMs = RECORDER_TIMER.tickMs, keepOnDevice = true } = options;
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [elapsedMs, setElapsedMs] = useState(0);
  const session = useRef<Session | null>(null);
  const mounted = useRef(true);
  const starting = useRef(false);
  const silenceShown = useSilenceNotice(stream, listening);

  const endSession = useCallback(() => {
    const current = session.current;
    session.current = null;
    setStream(null);
    if (!current) return;
    current.take.halt();
    releaseMicrophone(current.stream);
  }, []);

  /** Opens the microphone and starts recording; the failure when it cannot. */
  const start = useCallback(async (take: TakeOptions = {}): Promise<TakeFailure | null> => {
    if (session.current || starting.current) return null;
    starting.current = true;
    let microphone: MediaStream | null = null;
    try {
      microphone = await openMicrophone();
      if (!mounted.current) {
        releaseMicrophone(microphone);
        return null;
      }
      const { onChunk } = take;
      const recording = await MicrophoneTake.prepare(microphone, {
        chunkMs: onChunk ? LIVE_CHUNK_INTERVAL_MS : RECORDING_LIMITS.chunkMs,
        copyOwner: keepOnDevice ? ownerId : null,
        onChunk,
      });
      // The page went away while the copy was being started: no take, and the microphone off.
      if (!mounted.current) {
        releaseMicrophone(microphone);
        void recording.forgetCopy();
        return null;
      }
      recording.start();
      session.current = { stream: microphone, take: recording };
      setElapsedMs(0);
      setStream(microphone);
      return null;
    } catch (error) {
      if (microphone) releaseMicrophone(microphone);
      return { type: 'microphone', kind: microphoneErrorKind(error) };
    } finally {
      starting.current = false;
    }
  }, [ownerId, keepOnDevice]);

  const pause = useCallback(() => {
    const current = session.current;
    if (!current?.take.pause()) return;
    setElapsedMs(current.take.elapsedMs());
  }, []);

  const resume = useCallback(() => {
    session.current?.take.resume();
  }, []);

  /** Ends the take and returns its audio, or null when the stop itself failed. */
  const finish = useCallback(async (): Promise<{ take: Take; chunkCount: number } | null> => {
    const current = session.current;
    if (!current) return null;
    try {
      await current.take.stop();
    } catch {
      endSession();
      return null;
    }
    endSession();
    // The last chunk is on the device before anyone may forget the copy.
    const { audio, chunkCount, durationSeconds, copyId } = await current.take.result();
    setElapsedMs(0);
    return { take: { audio, durationSeconds, recordedAt: new Date(), copyId }, chunkCount };
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
    const current = session.current;
    // The recorder's last chunk and its write come first, or they would bring the copy back.
    const discarded = current?.take.discard();
    endSession();
    setElapsedMs(0);
    await discarded;
  }, [endSession]);

  // The timer shows the time recorded, updated every tick (a second by default) while recording.
  useEffect(() => {
    if (!listening) return;
    const timer = window.setInterval(() => setElapsedMs(session.current?.take.elapsedMs() ?? 0), tickMs);
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
