import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { EMPTY_LIVE_TEXT, nextLiveText } from './liveText.ts';
import { LiveTranscriptionClient, type LiveTranscriptionOptions } from './liveTranscriptionClient.ts';

/**
 * Where the live text stream is: off before it starts (and after close); connecting while the
 * socket opens; live while words can come; unavailable when it could not connect or failed on
 * the way (the recording goes on without it); ended once the stream was ended.
 */
export type LiveTextStatus = 'off' | 'connecting' | 'live' | 'unavailable' | 'ended';

/**
 * Live text for a screen that records: one stream at a time over LiveTranscriptionClient,
 * its text by the spec's rule (liveText.ts), and its status. Streaming errors are logged
 * only (spec 8.4); the socket closes when the screen goes.
 */
export function useLiveText(options: LiveTranscriptionOptions = {}) {
  const [text, dispatch] = useReducer(nextLiveText, EMPTY_LIVE_TEXT);
  const [status, setStatus] = useState<LiveTextStatus>('off');
  const client = useRef<LiveTranscriptionClient | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const close = useCallback(() => {
    const current = client.current;
    client.current = null;
    current?.close();
    setStatus('off');
  }, []);

  /** Opens a new stream (closing any before it); true once it is open, false when live text is unavailable. */
  const connect = useCallback(async (): Promise<boolean> => {
    client.current?.close();
    dispatch({ type: 'reset' });
    setStatus('connecting');
    const mine: LiveTranscriptionClient = new LiveTranscriptionClient(
      {
        onPartial: (words) => client.current === mine && dispatch({ type: 'partial', text: words }),
        onFinal: (words, said) => client.current === mine && dispatch({ type: 'final', text: words, ...said }),
        onError: (error) => {
          console.warn(`Live transcription failed (${error.code}): ${error.message}`);
          if (client.current === mine) setStatus((now) => (now === 'ended' ? now : 'unavailable'));
        },
      },
      optionsRef.current,
    );
    client.current = mine;
    try {
      await mine.connect();
    } catch (error) {
      console.warn('Live transcription is unavailable:', error);
      if (client.current === mine) setStatus('unavailable');
      return false;
    }
    if (client.current !== mine) {
      mine.close();
      return false;
    }
    setStatus('live');
    return true;
  }, []);

  const sendChunk = useCallback((blob: Blob, mimeType: string) => {
    void client.current?.sendChunk(blob, mimeType);
  }, []);
  const pause = useCallback(() => client.current?.pause(), []);
  const resume = useCallback(() => client.current?.resume(), []);

  /** Ends the stream: the text of everything said, or '' when there was no stream. */
  const end = useCallback(async (): Promise<string> => {
    const current = client.current;
    if (!current) return '';
    setStatus((now) => (now === 'live' ? 'ended' : now));
    return current.end();
  }, []);

  /** Closes the stream and forgets its text (reset, cancel). */
  const reset = useCallback(() => {
    close();
    dispatch({ type: 'reset' });
  }, [close]);

  useEffect(() => () => client.current?.close(), []);

  return useMemo(
    () => ({ text, status, connect, sendChunk, pause, resume, end, close, reset }),
    [text, status, connect, sendChunk, pause, resume, end, close, reset],
  );
}

export type LiveTextControls = ReturnType<typeof useLiveText>;
