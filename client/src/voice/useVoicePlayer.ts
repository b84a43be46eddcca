import { useCallback, useEffect, useRef, useState } from 'react';
import type { StoryVoiceView, VoiceSpan } from '../../../contract/voice.ts';
import { paragraphAt, spanStep } from './spanPlayback.ts';

/** What the one audio element is doing: a paragraph's spans one after another, or a whole recording. */
type Mode = { kind: 'idle' } | { kind: 'paragraph'; paragraph: number; spans: VoiceSpan[]; index: number } | { kind: 'whole'; recordingId: number };

export interface VoicePlayer {
  /** Props for the page's one <audio> element. */
  audioRef: React.RefObject<HTMLAudioElement | null>;
  audioEvents: Pick<React.AudioHTMLAttributes<HTMLAudioElement>, 'onPlay' | 'onPause' | 'onEnded' | 'onTimeUpdate' | 'onError'>;
  /** The paragraph being heard (its own "hear it", or the whole recording's text following), or null. */
  currentParagraph: number | null;
  /** The paragraph whose "hear it" is playing, or null. */
  playingParagraph: number | null;
  /** The whole recording playing, and where it is. */
  whole: { recordingId: number; playing: boolean; time: number } | null;
  hearParagraph: (paragraph: number) => void;
  toggleWhole: (recordingId: number) => void;
  seekWhole: (recordingId: number, time: number) => void;
  stop: () => void;
}

/** Other players on the page (a recording's, the narration's) pause while the voice plays: one sound at a time. */
function pauseOthers(mine: HTMLAudioElement) {
  for (const other of document.querySelectorAll('audio')) if (other !== mine && !other.paused) other.pause();
}

/**
 * One audio element that plays a paragraph's spans in order (stopping at each span's end and
 * going on to the next) or a whole recording with the paragraph being heard followed.
 */
export function useVoicePlayer(voice: StoryVoiceView | undefined, onFailed: () => void): VoicePlayer {
  const audioRef = useRef<HTMLAudioElement>(null);
  const mode = useRef<Mode>({ kind: 'idle' });
  const loaded = useRef<number | null>(null);
  const [shown, setShown] = useState<Mode>({ kind: 'idle' });
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [following, setFollowing] = useState<number | null>(null);
  const paragraphs = voice?.paragraphs;

  const enter = useCallback((next: Mode) => {
    mode.current = next;
    setShown(next);
  }, []);

  /** Plays this recording from `start` (from where it is, when null). */
  const playFrom = useCallback(
    (recordingId: number, start: number | null) => {
      const audio = audioRef.current;
      const url = voice?.recordings.find((recording) => recording.id === recordingId)?.audioUrl;
      if (!audio || !url) return;
      if (loaded.current !== recordingId) {
        audio.src = url;
        loaded.current = recordingId;
      }
      if (start !== null) audio.currentTime = start;
      pauseOthers(audio);
      audio.play().catch((error: unknown) => {
        // A pause that interrupts the start is not a failure.
        if (!(error instanceof DOMException && error.name === 'AbortError')) onFailed();
      });
    },
    [voice, onFailed],
  );

  /**
   * Where playback is: a paragraph's span ends (next span, or stop), and which paragraph the
   * text follows. `ended`: the audio ran out before the span's end.
   */
  const check = useCallback(
    (ended = false) => {
      const audio = audioRef.current;
      const current = mode.current;
      if (!audio) return;
      if (current.kind === 'paragraph') {
        const step = spanStep(current.spans, current.index, ended ? Number.POSITIVE_INFINITY : audio.currentTime);
        if (step.kind === 'next') {
          enter({ ...current, index: step.index });
          playFrom(current.spans[step.index].recordingId, current.spans[step.index].start);
        } else if (step.kind === 'stop') {
          audio.pause();
          enter({ kind: 'idle' });
        }
      } else if (current.kind === 'whole' && paragraphs) {
        setFollowing(paragraphAt(paragraphs, current.recordingId, audio.currentTime));
      }
    },
    [enter, playFrom, paragraphs],
  );

  // While playing, look every frame: a span's end is kept to a frame, not to timeupdate's quarter second.
  useEffect(() => {
    if (!playing) return;
    let frame = requestAnimationFrame(function look() {
      check();
      frame = requestAnimationFrame(look);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, check]);

  // Another player on the page starting pauses this one ('play' does not bubble: listen as it goes down).
  useEffect(() => {
    const another = (event: Event) => {
      if (event.target !== audioRef.current) audioRef.current?.pause();
    };
    document.addEventListener('play', another, true);
    return () => document.removeEventListener('play', another, true);
  }, []);

  const hearParagraph = (paragraph: number) => {
    const spans = paragraphs?.[paragraph] ?? [];
    if (spans.length === 0) return;
    if (mode.current.kind === 'paragraph' && mode.current.paragraph === paragraph && playing) {
      audioRef.current?.pause();
      enter({ kind: 'idle' });
      return;
    }
    enter({ kind: 'paragraph', paragraph, spans, index: 0 });
    playFrom(spans[0].recordingId, spans[0].start);
  };

  const toggleWhole = (recordingId: number) => {
    const audio = audioRef.current;
    const current = mode.current;
    if (current.kind === 'whole' && current.recordingId === recordingId) {
      if (playing) audio?.pause();
      else playFrom(recordingId, null);
      return;
    }
    enter({ kind: 'whole', recordingId });
    setTime(0);
    playFrom(recordingId, 0);
  };

  const seekWhole = (recordingId: number, at: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    if (mode.current.kind !== 'whole' || mode.current.recordingId !== recordingId) {
      enter({ kind: 'whole', recordingId });
      playFrom(recordingId, at);
    } else audio.currentTime = at;
    setTime(at);
    check();
  };

  const stop = () => {
    audioRef.current?.pause();
    enter({ kind: 'idle' });
  };

  const audioEvents: VoicePlayer['audioEvents'] = {
    onPlay: () => setPlaying(true),
    onPause: () => setPlaying(false),
    onTimeUpdate: (event) => {
      setTime(event.currentTarget.currentTime);
      check();
    },
    onEnded: () => {
      setPlaying(false);
      if (mode.current.kind === 'paragraph') check(true);
    },
    onError: () => {
      setPlaying(false);
      if (loaded.current !== null) onFailed();
    },
  };

  const whole = shown.kind === 'whole' ? { recordingId: shown.recordingId, playing, time } : null;
  const playingParagraph = shown.kind === 'paragraph' ? shown.paragraph : null;
  return {
    audioRef,
    audioEvents,
    currentParagraph: playingParagraph ?? (whole ? following : null),
    playingParagraph,
    whole,
    hearParagraph,
    toggleWhole,
    seekWhole,
    stop,
  };
}
