import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';

/** Where the audio is, as the listening editor shows it (the sentence and word being said). */
export interface Place {
  sentence: number;
  word: number;
}

export interface Playhead {
  place: Place;
  playing: boolean;
  /** Plays from `time` (seconds) on. */
  playFrom: (time: number) => void;
  /** Plays from `start` and pauses at `end` ("Play this sentence again"). */
  playSpan: (start: number, end: number) => void;
  /** Plays or pauses where it is. */
  toggle: () => void;
  /** Goes to `time`, playing on if it played. */
  seek: (time: number) => void;
  /** The audio's time now. */
  time: () => number;
}

/**
 * Follows an audio element frame by frame while it plays (timeupdate comes only four times a
 * second, too late for a word), re-rendering only when `locate` finds another place; a span
 * played stops at its end.
 */
export function usePlayhead(audio: RefObject<HTMLAudioElement | null>, locate: (time: number) => Place): Playhead {
  const [place, setPlace] = useState<Place>({ sentence: -1, word: -1 });
  const [playing, setPlaying] = useState(false);
  const stopAt = useRef<number | null>(null);
  const locateLatest = useRef(locate);
  locateLatest.current = locate;

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    let frame = 0;
    const show = () => {
      const next = locateLatest.current(element.currentTime);
      setPlace((shown) => (shown.sentence === next.sentence && shown.word === next.word ? shown : next));
    };
    const tick = () => {
      if (stopAt.current !== null && element.currentTime >= stopAt.current) {
        stopAt.current = null;
        element.pause();
      }
      show();
      if (!element.paused) frame = requestAnimationFrame(tick);
    };
    const started = () => {
      setPlaying(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const stopped = () => {
      setPlaying(false);
      cancelAnimationFrame(frame);
      show();
    };
    const events: [string, () => void][] = [['play', started], ['pause', stopped], ['seeked', show], ['timeupdate', show]];
    for (const [name, listener] of events) element.addEventListener(name, listener);
    setPlaying(!element.paused);
    show();
    if (!element.paused) started();
    return () => {
      cancelAnimationFrame(frame);
      for (const [name, listener] of events) element.removeEventListener(name, listener);
    };
  }, [audio]);

  const controls = useMemo(() => {
    const play = (element: HTMLAudioElement) =>
      // The player's own error event says when the audio cannot play; an interrupted start is no failure.
      element.play().catch(() => undefined);
    return {
      playFrom: (time: number) => {
        const element = audio.current;
        if (!element) return;
        stopAt.current = null;
        element.currentTime = time;
        void play(element);
      },
      playSpan: (start: number, end: number) => {
        const element = audio.current;
        if (!element) return;
        stopAt.current = end;
        element.currentTime = start;
        void play(element);
      },
      toggle: () => {
        const element = audio.current;
        if (!element) return;
        stopAt.current = null;
        if (element.paused) void play(element);
        else element.pause();
      },
      seek: (time: number) => {
        if (audio.current) audio.current.currentTime = Math.max(0, time);
      },
      time: () => audio.current?.currentTime ?? 0,
    };
  }, [audio]);

  return { place, playing, ...controls };
}
