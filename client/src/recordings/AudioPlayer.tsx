import { type RefObject, useId, useRef, useState } from 'react';
import clsx from 'clsx';
import { Pause, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../ui/Button.tsx';
import { toast } from '../ui/toastStore.ts';
import { formatDuration, playableDuration } from './duration.ts';

type AudioPlayerProps = {
  /** The stored length in seconds, for audio whose header does not say (recorded webm). */
  storedDuration: number | null;
  /** The audio element, for a page that follows or steers the playing too (the listening editor). */
  audioRef?: RefObject<HTMLAudioElement | null>;
} & ({ recordingId: number } | { /** Any other audio, e.g. a published story's narration. */ src: string });

/**
 * Play or pause a recording with a seek slider (spec 2, 4 "Audio player": back to paused
 * at the end). The audio streams from /api/recordings/{id}/audio with range requests.
 */
export function AudioPlayer(props: AudioPlayerProps) {
  const { storedDuration } = props;
  const src = 'src' in props ? props.src : `/api/recordings/${props.recordingId}/audio`;
  const { t } = useTranslation('recordings');
  const ownAudio = useRef<HTMLAudioElement>(null);
  const audio = props.audioRef ?? ownAudio;
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(Number.NaN);
  const sliderId = useId();
  const duration = playableDuration(mediaDuration, storedDuration);

  const failed = () => {
    setPlaying(false);
    toast({ title: t('player.errorTitle'), description: t('player.errorDescription'), variant: 'destructive' });
  };

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) element.play().catch((error: unknown) => {
      // A pause that interrupts the start is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) failed();
    });
    else element.pause();
  };

  return (
    <div className="flex items-center gap-3 rounded-xl border border-stone-800 bg-stone-900 p-3">
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPosition(0);
          if (audio.current) audio.current.currentTime = 0;
        }}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => setMediaDuration(event.currentTarget.duration)}
        onDurationChange={(event) => setMediaDuration(event.currentTarget.duration)}
        onError={failed}
      />
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? t('player.pause') : t('player.play')}
        className={clsx(
          'flex size-12 shrink-0 items-center justify-center rounded-full bg-amber-300 text-stone-950 hover:bg-amber-200',
          focusRing,
        )}
      >
        {playing ? <Pause aria-hidden className="size-5" /> : <Play aria-hidden className="ml-0.5 size-5" />}
      </button>
      <div className="grid flex-1 gap-1">
        <label htmlFor={sliderId} className="sr-only">
          {t('player.position')}
        </label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={Math.max(duration, 0.1)}
          step={0.1}
          value={Math.min(position, duration)}
          aria-valuetext={t('player.valueText', { position: formatDuration(position), duration: formatDuration(duration) })}
          onChange={(event) => {
            const next = Number(event.target.value);
            setPosition(next);
            if (audio.current) audio.current.currentTime = next;
          }}
          className={clsx('w-full accent-amber-300', focusRing)}
        />
        <p aria-hidden className="flex justify-between text-xs text-stone-400 tabular-nums">
          <span>{formatDuration(position)}</span>
          <span>{formatDuration(duration)}</span>
        </p>
      </div>
    </div>
  );
}
