import { useCallback, useEffect, useRef, useState } from 'react';
import { takeProblem, type TakeProblem } from './takeChecks.ts';
import { recordingToWav } from './wav.ts';

/** Why a take ended without audio to keep. */
export type WavRecorderProblem = 'denied' | 'notFound' | 'unsupported' | TakeProblem | 'failed';

export type RecorderState = 'idle' | 'recording' | 'paused' | 'stopping';

/** The microphone as the spec asks for it (9.2): mono, 16 kHz, the browser's voice clean-up on. */
const MICROPHONE: MediaStreamConstraints = {
  audio: { channelCount: 1, sampleRate: 16000, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
};

function problemOf(error: unknown): WavRecorderProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError') return 'notFound';
  return 'failed';
}

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

  const start = useCallback(async (): Promise<WavRecorderProblem | null> => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') return 'unsupported';
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
      return problemOf(error);
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

  /** Stops and answers the WAV, or why there is none (spec 5: no audio, too small, under a second). */
  const stop = useCallback(async (): Promise<{ wav: Blob } | { problem: WavRecorderProblem }> => {
    const current = recorder.current;
    if (!current) return { problem: 'failed' };
    const seconds = recordedMs() / 1000;
    setState('stopping');
    const stopped = new Promise<void>((resolve) => current.addEventListener('stop', () => resolve(), { once: true }));
    current.stop();
    await stopped;
    release();
    setElapsedMs(0);
    setState('idle');
    const audio = new Blob(chunks.current, { type: current.mimeType });
    chunks.current = [];
    const problem = takeProblem({ sizeBytes: audio.size, seconds });
    if (problem) return { problem };
    try {
      return { wav: await recordingToWav(audio) };
    } catch {
      return { problem: 'failed' };
    }
  }, [release]);

  return { state, elapsedMs, start, pause, resume, stop, cancel };
}
