import { useCallback, useEffect, useRef, useState } from 'react';
import { REALTIME_CHUNK_INDEX_HEADER, REALTIME_CHUNK_INTERVAL_MS } from '../../../contract/live.ts';
import { chooseRecordingFormat } from '../recorder/recordingFormat.ts';
import { MICROPHONE } from '../takes/microphone.ts';
import { chunkContentType, readRealtimeEvent } from './realtimeEvents.ts';
import { postRealtimeChunk } from '../api/live.ts';

export type StreamingTestPhase = 'idle' | 'starting' | 'recording' | 'stopped';
/** The spec's "Test path" errors (8.4): Connection failed; Failed to connect to streaming service; Recording failed. */
export type StreamingTestError = 'connectionFailed' | 'streamingFailed' | 'recordingFailed';

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  events: EventSource | null;
  /** Chunks go one after another, in order, each numbered. */
  posts: Promise<void>;
  nextIndex: number;
  stopped: boolean;
  failed: boolean;
}

function release(session: Session, closeEvents: boolean): void {
  if (session.recorder.state !== 'inactive') session.recorder.stop();
  for (const track of session.stream.getTracks()) track.stop();
  if (closeEvents) session.events?.close();
}

/**
 * The streaming test (spec 7.11, test path): MediaRecorder in 200 ms chunks, each POSTed raw
 * to /api/realtime numbered in the chunk-index header from 0; the words read from
 * GET /api/realtime-stream. Errors show in the spec's words; the details are logged.
 */
export function useStreamingTest() {
  const [phase, setPhase] = useState<StreamingTestPhase>('idle');
  const [error, setError] = useState<StreamingTestError | null>(null);
  const [text, setText] = useState('');
  const session = useRef<Session | null>(null);
  const mounted = useRef(true);

  const fail = useCallback((current: Session, kind: StreamingTestError, detail: unknown) => {
    if (session.current !== current || current.failed) return;
    console.warn(`Streaming test: ${kind}:`, detail);
    current.failed = true;
    release(current, true);
    setError(kind);
    setPhase('idle');
  }, []);

  const listen = useCallback(
    (current: Session) => {
      const events = new EventSource('/api/realtime-stream');
      current.events = events;
      events.addEventListener('message', (message: MessageEvent<string>) => {
        if (session.current !== current) return;
        const event = readRealtimeEvent(message.data);
        if (event.kind === 'text') setText(event.text);
        else if (event.kind === 'error') fail(current, 'streamingFailed', event.message);
      });
      events.addEventListener('error', (detail) => {
        // After Stop the server ends the stream: that is no failure, and no reconnecting.
        if (current.stopped) events.close();
        else fail(current, 'streamingFailed', detail);
      });
    },
    [fail],
  );

  const post = useCallback(
    async (current: Session, chunk: Blob, index: number) => {
      if (current.failed) return;
      try {
        const response = await postRealtimeChunk(chunk, chunkContentType(chunk.type), index);
        if (!response.ok) {
          // 503: the server is there, its streaming service is not.
          const kind = response.status === 503 ? 'streamingFailed' : 'connectionFailed';
          fail(current, kind, `${response.status}: ${await response.text().catch(() => '')}`);
          return;
        }
      } catch (detail) {
        fail(current, 'connectionFailed', detail);
        return;
      }
      // The first chunk starts the stream; its words are read from then on.
      if (index === 0 && !current.events && session.current === current) listen(current);
    },
    [fail, listen],
  );

  const start = useCallback(async () => {
    if (session.current) release(session.current, true);
    session.current = null;
    setText('');
    setError(null);
    setPhase('starting');
    let stream: MediaStream;
    let recorder: MediaRecorder;
    try {
      stream = await navigator.mediaDevices.getUserMedia(MICROPHONE);
      const format = chooseRecordingFormat((type) => MediaRecorder.isTypeSupported(type));
      try {
        recorder = new MediaRecorder(stream, format ? { mimeType: format.mimeType } : undefined);
      } catch (error) {
        for (const track of stream.getTracks()) track.stop();
        throw error;
      }
    } catch (detail) {
      console.warn('Streaming test: recordingFailed:', detail);
      if (mounted.current) {
        setError('recordingFailed');
        setPhase('idle');
      }
      return;
    }
    const current: Session = { stream, recorder, events: null, posts: Promise.resolve(), nextIndex: 0, stopped: false, failed: false };
    if (!mounted.current) return release(current, true);
    session.current = current;
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size === 0) return;
      const index = current.nextIndex++;
      current.posts = current.posts.then(() => post(current, event.data, index));
    });
    recorder.addEventListener('error', (detail) => fail(current, 'recordingFailed', detail));
    try {
      recorder.start(REALTIME_CHUNK_INTERVAL_MS);
    } catch (detail) {
      fail(current, 'recordingFailed', detail);
      return;
    }
    setPhase('recording');
  }, [fail, post]);

  /** Stop: the microphone closes; the words still on their way keep arriving. */
  const stop = useCallback(() => {
    const current = session.current;
    if (!current) return;
    current.stopped = true;
    release(current, false);
    setPhase('stopped');
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (session.current) release(session.current, true);
      session.current = null;
    };
  }, []);

  return { phase, error, text, start, stop };
}
