import { useCallback, useEffect, useRef, useState } from 'react';
import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';
import { RECORDER_TIMER } from '../../../contract/recorder.ts';
import { recordingHasSpeech } from './decodeRecording.ts';
import { microphoneErrorKind, type MicrophoneErrorKind } from './microphoneError.ts';
import type { RecordingProblem } from './recordedAudio.ts';
import { chooseRecordingFormat } from './recordingFormat.ts';
import {
  pauseClock,
  recordedMs,
  resumeClock,
  startClock,
  STOPPED_CLOCK,
  type RecordingClock,
} from './recordingTimer.ts';
import { firstRecordingProblem } from './stopChecks.ts';
import { useSilenceNotice } from './useSilenceNotice.ts';

/** The microphone as the spec asks for it: mono, 16 kHz, with the browser's voice clean-up on. */
const MICROPHONE: MediaStreamConstraints = {
  audio: {
    channelCount: 1,
    sampleRate: RECORDING_LIMITS.sampleRate,
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
  },
};

/** A recording that passed every check at stop. */
export interface FinishedRecording {
  audio: Blob;
  durationSeconds: number;
  recordedAt: Date;
}

/** Why a recording went back to idle: a failed check, the microphone, or the stop itself. */
export type RecorderFailure =
  | { type: 'problem'; problem: RecordingProblem }
  | { type: 'microphone'; kind: MicrophoneErrorKind }
  | { type: 'stop_failed' };

interface RecorderOptions {
  onFinished: (recording: FinishedRecording) => void;
  onFailed: (failure: RecorderFailure) => void;
}

export type RecorderState = 'idle' | 'recording' | 'paused' | 'analyzing';

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  chunks: Blob[];
}

function releaseMicrophone(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
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
 * The main recorder (spec 4, "Recorder"): MediaRecorder in the first supported preferred
 * format with 1 s chunks, a timer that leaves pauses out, the silence notice, and the
 * checks at stop (size, length, quality, then speech) before a recording is handed on.
 */
export function useRecorder({ onFinished, onFailed }: RecorderOptions) {
  const [state, setState] = useState<RecorderState>('idle');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [elapsedMs, setElapsedMs] = useState(0);
  const session = useRef<Session | null>(null);
  const clock = useRef<RecordingClock>(STOPPED_CLOCK);
  const starting = useRef(false);
  const mounted = useRef(true);
  const callbacks = useRef({ onFinished, onFailed });
  useEffect(() => {
    callbacks.current = { onFinished, onFailed };
  });

  const silenceShown = useSilenceNotice(stream, state === 'recording');

  const endSession = useCallback(() => {
    const current = session.current;
    session.current = null;
    setStream(null);
    if (!current) return;
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    releaseMicrophone(current.stream);
  }, []);

  const start = useCallback(async () => {
    if (session.current || starting.current) return;
    starting.current = true;
    try {
      const microphone = await navigator.mediaDevices.getUserMedia(MICROPHONE);
      if (!mounted.current) return releaseMicrophone(microphone);
      const format = chooseRecordingFormat((type) => MediaRecorder.isTypeSupported(type));
      const recorder = new MediaRecorder(
        microphone,
        format ? { mimeType: format.mimeType, audioBitsPerSecond: format.bitsPerSecond } : undefined,
      );
      const chunks: Blob[] = [];
      recorder.addEventListener('dataavailable', (event) => chunks.push(event.data));
      recorder.start(RECORDING_LIMITS.chunkMs);
      session.current = { stream: microphone, recorder, chunks };
      clock.current = startClock(Date.now());
      setElapsedMs(0);
      setStream(microphone);
      setState('recording');
    } catch (error) {
      callbacks.current.onFailed({ type: 'microphone', kind: microphoneErrorKind(error) });
    } finally {
      starting.current = false;
    }
  }, []);

  const pause = useCallback(() => {
    const current = session.current;
    if (!current || current.recorder.state !== 'recording') return;
    current.recorder.pause();
    clock.current = pauseClock(clock.current, Date.now());
    setElapsedMs(recordedMs(clock.current, Date.now()));
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    const current = session.current;
    if (!current || current.recorder.state !== 'paused') return;
    current.recorder.resume();
    clock.current = resumeClock(clock.current, Date.now());
    setState('recording');
  }, []);

  const stop = useCallback(async () => {
    const current = session.current;
    if (!current) return;
    const durationSeconds = recordedMs(clock.current, Date.now()) / 1000;
    clock.current = STOPPED_CLOCK;
    setState('analyzing');
    let audio: Blob;
    try {
      await stopRecorder(current.recorder);
      audio = new Blob(current.chunks, { type: current.recorder.mimeType || current.chunks[0]?.type || '' });
    } catch {
      endSession();
      setElapsedMs(0);
      setState('idle');
      return callbacks.current.onFailed({ type: 'stop_failed' });
    }
    endSession();
    const problem =
      firstRecordingProblem({ chunkCount: current.chunks.length, sizeBytes: audio.size, durationSeconds }) ??
      ((await recordingHasSpeech(audio)) ? null : ({ kind: 'no_speech' } as const));
    if (!mounted.current) return;
    setElapsedMs(0);
    setState('idle');
    if (problem) return callbacks.current.onFailed({ type: 'problem', problem });
    callbacks.current.onFinished({ audio, durationSeconds, recordedAt: new Date() });
  }, [endSession]);

  /** Throws the recording away and goes back to idle. */
  const cancel = useCallback(() => {
    clock.current = STOPPED_CLOCK;
    endSession();
    setElapsedMs(0);
    setState('idle');
  }, [endSession]);

  // The timer shows whole seconds recorded, updated every second while recording.
  useEffect(() => {
    if (state !== 'recording') return;
    const timer = window.setInterval(() => setElapsedMs(recordedMs(clock.current, Date.now())), RECORDER_TIMER.tickMs);
    return () => window.clearInterval(timer);
  }, [state]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      endSession();
    };
  }, [endSession]);

  return { state, elapsedMs, silenceShown, start, pause, resume, stop, cancel };
}
