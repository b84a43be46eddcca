import { useCallback, useEffect, useRef, useState } from 'react';
import { REALTIME_CHUNK_INTERVAL_MS } from '../../../contract/live.ts';
import { MicrophoneTake, openMicrophone, releaseMicrophone } from '../microphone/take.ts';
import { chunkContentType, readRealtimeEvent } from './realtimeEvents.ts';
import { postRealtimeChunk } from '../api/live.ts';

export type StreamingTestPhase = 'idle' | 'starting' | 'recording' | 'stopped';
/** The spec's "Test path" errors (8.4): Connection failed; Failed to connect to streaming service; Recording failed. */
export type StreamingTestError = 'connectionFailed' | 'streamingFailed' | 'recordingFailed';

interface Session {
  stream: MediaStream;
  take: MicrophoneTake;
  events: EventSource | null;
  /** Chunks go one after another, in order, each numbered. */
  posts: Promise<void>;
  stopped: boolean;
  failed: boolean;
}

function release(session: Session, closeEvents: boolean): void {
  session.take.halt();
  releaseMicrophone(session.stream);
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
    // Chunks and recorder errors come only after start, once `current` is set.
    let current: Session | null = null;
    let stream: MediaStream;
    let take: MicrophoneTake;
    try {
      stream = await openMicrophone();
      try {
        take = await MicrophoneTake.prepare(stream, {
          chunkMs: REALTIME_CHUNK_INTERVAL_MS,
          copyOwner: null,
          onChunk: (chunk, _mimeType, index) => {
            const into = current!;
            into.posts = into.posts.then(() => post(into, chunk, index));
          },
          onError: (detail) => fail(current!, 'recordingFailed', detail),
        });
      } catch (error) {
        releaseMicrophone(stream);
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
    const opened: Session = { stream, take, events: null, posts: Promise.resolve(), stopped: false, failed: false };
    current = opened;
    if (!mounted.current) return release(opened, true);
    session.current = opened;
    try {
      take.start();
    } catch (detail) {
      fail(opened, 'recordingFailed', detail);
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
