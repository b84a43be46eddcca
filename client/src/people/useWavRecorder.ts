import { useCallback, useEffect, useRef, useState } from 'react';
import { RECORDER_TIMER } from '../../../contract/recorder.ts';
import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';
import { MicrophoneTake, openMicrophone, releaseMicrophone } from '../microphone/take.ts';
import { recordingToWav } from '../microphone/wav.ts';
import { microphoneErrorKind } from '../takes/microphone.ts';
import type { TakeFailure } from '../takes/takeFailure.ts';
import { takeProblem } from '../takes/takeProblem.ts';

export type RecorderState = 'idle' | 'recording' | 'paused' | 'stopping';

interface Session {
  stream: MediaStream;
  take: MicrophoneTake;
}

/**
 * A small recorder for a person's or place's recordings (one take of `microphone/take.ts`,
 * no device copy): start, pause, resume, the timer, stop into a WAV (spec 9.2), cancel.
 */
export function useWavRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const session = useRef<Session | null>(null);
  const mounted = useRef(true);

  const release = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    current.take.halt();
    releaseMicrophone(current.stream);
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      release();
    };
  }, [release]);

  useEffect(() => {
    if (state !== 'recording') return;
    const timer = window.setInterval(() => setElapsedMs(session.current?.take.elapsedMs() ?? 0), RECORDER_TIMER.tickMs);
    return () => window.clearInterval(timer);
  }, [state]);

  const start = useCallback(async (): Promise<TakeFailure | null> => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      return { type: 'microphone', kind: 'not_supported' };
    }
    let stream: MediaStream | null = null;
    try {
      stream = await openMicrophone();
      const take = await MicrophoneTake.prepare(stream, { chunkMs: RECORDING_LIMITS.chunkMs, copyOwner: null });
      // The page went away while the browser asked: the microphone goes off again.
      if (!mounted.current) {
        releaseMicrophone(stream);
        return null;
      }
      take.start();
      session.current = { stream, take };
      setElapsedMs(0);
      setState('recording');
      return null;
    } catch (error) {
      if (stream) releaseMicrophone(stream);
      return { type: 'microphone', kind: microphoneErrorKind(error) };
    }
  }, []);

  const pause = useCallback(() => {
    const take = session.current?.take;
    if (!take?.pause()) return;
    setElapsedMs(take.elapsedMs());
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    if (!session.current?.take.resume()) return;
    setState('recording');
  }, []);

  const cancel = useCallback(() => {
    release();
    setElapsedMs(0);
    setState('idle');
  }, [release]);

  /** Stops and answers the WAV, or why there is none (spec 5: the same checks as the main recorder). */
  const stop = useCallback(async (): Promise<{ wav: Blob } | { failure: TakeFailure }> => {
    const current = session.current;
    if (!current) return { failure: { type: 'stop_failed' } };
    setState('stopping');
    const stopped = await current.take.stop().then(() => true, () => false);
    release();
    setElapsedMs(0);
    setState('idle');
    if (!stopped) return { failure: { type: 'stop_failed' } };
    const { audio, chunkCount, durationSeconds } = await current.take.result();
    const problem = await takeProblem(audio, { chunkCount, durationSeconds });
    if (problem) return { failure: { type: 'problem', problem } };
    try {
      return { wav: await recordingToWav(audio) };
    } catch {
      return { failure: { type: 'stop_failed' } };
    }
  }, [release]);

  return { state, elapsedMs, start, pause, resume, stop, cancel };
}
