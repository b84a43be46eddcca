import { useCallback, useEffect, useRef, useState } from 'react';
import { MICROPHONE, microphoneErrorKind } from '../takes/microphone.ts';
import type { TakeFailure } from '../takes/takeFailure.ts';
import { takeProblem } from '../takes/takeProblem.ts';
import { recordingToWav } from './wav.ts';

export type RecorderState = 'idle' | 'recording' | 'paused' | 'stopping';

/**
 * A small recorder for a person's or place's recordings: start, pause, resume, a timer that
 * leaves out paused time, stop into a WAV (spec 9.2), cancel.
 */
export function useWavRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  // Recorded time: what was banked at the last pause plus the running stretch.
  const banked = useRef(0);
  const runningSince = useRef<number | null>(null);

  const recordedMs = () => banked.current + (runningSince.current === null ? 0 : Date.now() - runningSince.current);

  const release = useCallback(() => {
    const current = recorder.current;
    recorder.current = null;
    if (current && current.state !== 'inactive') current.stop();
    current?.stream.getTracks().forEach((track) => track.stop());
    runningSince.current = null;
  }, []);

  useEffect(() => release, [release]);
  useEffect(() => {
    if (state !== 'recording') return;
    const timer = window.setInterval(() => setElapsedMs(recordedMs()), 1000);
    return () => window.clearInterval(timer);
  }, [state]);

  const start = useCallback(async (): Promise<TakeFailure | null> => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      return { type: 'microphone', kind: 'not_supported' };
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia(MICROPHONE);
      const next = new MediaRecorder(stream);
      chunks.current = [];
      next.addEventListener('dataavailable', (event) => event.data.size > 0 && chunks.current.push(event.data));
      next.start(1000);
      recorder.current = next;
      banked.current = 0;
      runningSince.current = Date.now();
      setElapsedMs(0);
      setState('recording');
      return null;
    } catch (error) {
      return { type: 'microphone', kind: microphoneErrorKind(error) };
    }
  }, []);

  const pause = useCallback(() => {
    if (recorder.current?.state !== 'recording') return;
    recorder.current.pause();
    banked.current = recordedMs();
    runningSince.current = null;
    setElapsedMs(banked.current);
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    if (recorder.current?.state !== 'paused') return;
    recorder.current.resume();
    runningSince.current = Date.now();
    setState('recording');
  }, []);

  const cancel = useCallback(() => {
    release();
    chunks.current = [];
    setElapsedMs(0);
    setState('idle');
  }, [release]);

  /** Stops and answers the WAV, or why there is none (spec 5: the same checks as the main recorder). */
  const stop = useCallback(async (): Promise<{ wav: Blob } | { failure: TakeFailure }> => {
    const current = recorder.current;
    if (!current) return { failure: { type: 'stop_failed' } };
    const seconds = recordedMs() / 1000;
    setState('stopping');
    const stopped = new Promise<void>((resolve) => current.addEventListener('stop', () => resolve(), { once: true }));
    current.stop();
    await stopped;
    release();
    setElapsedMs(0);
    setState('idle');
    const audio = new Blob(chunks.current, { type: current.mimeType });
    const chunkCount = chunks.current.length;
    chunks.current = [];
    const problem = await takeProblem(audio, { chunkCount, durationSeconds: seconds });
    if (problem) return { failure: { type: 'problem', problem } };
    try {
      return { wav: await recordingToWav(audio) };
    } catch {
      return { failure: { type: 'stop_failed' } };
    }
  }, [release]);

  return { state, elapsedMs, start, pause, resume, stop, cancel };
}
