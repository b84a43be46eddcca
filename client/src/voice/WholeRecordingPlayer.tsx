import { useId } from 'react';
import clsx from 'clsx';
import { AudioLines, Pause, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../recordings/duration.ts';
import { focusRing } from '../ui/Button.tsx';
import { useStoryVoiceContext } from './VoiceContext.tsx';

/**
 * "Listen to the whole recording": each recording the story's paragraphs come from, played
 * from the start with the text following (the paragraph being heard is marked). Nothing when
 * the story has no span.
 */
export function WholeRecordingPlayer({ className }: { className?: string }) {
  const { t } = useTranslation('voice');
  const context = useStoryVoiceContext();
  if (!context || context.voice.recordings.length === 0) return null;
  const many = context.voice.recordings.length > 1;
  return (
    <section aria-label={t('whole.title')} className={clsx('grid gap-2 rounded-xl border border-stone-800 bg-stone-900 p-3', className)}>
      <div>
        <p className="flex items-center gap-2 text-sm font-medium text-stone-200">
          <AudioLines aria-hidden className="size-4 shrink-0 text-amber-300" />
          {t('whole.title')}
        </p>
        <p className="ml-6 text-xs text-stone-400">{t('whole.hint')}</p>
      </div>
      {context.voice.recordings.map((recording, index) => (
        <RecordingRow key={recording.id} recordingId={recording.id} duration={recording.duration} n={many ? index + 1 : null} />
      ))}
    </section>
  );
}

function RecordingRow({ recordingId, duration, n }: { recordingId: number; duration: number | null; n: number | null }) {
  const { t } = useTranslation('voice');
  const sliderId = useId();
  const player = useStoryVoiceContext()!.player;
  const mine = player.whole?.recordingId === recordingId ? player.whole : null;
  const position = mine?.time ?? 0;
  const length = duration ?? 0;
  const name = n === null ? t('whole.play') : t('whole.playN', { n });
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={() => player.toggleWhole(recordingId)}
        aria-label={mine?.playing ? t('whole.pause') : name}
        className={clsx('flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-300 text-stone-950 hover:bg-amber-200', focusRing)}
      >
        {mine?.playing ? <Pause aria-hidden className="size-5" /> : <Play aria-hidden className="ml-0.5 size-5" />}
      </button>
      <div className="grid flex-1 gap-1">
        <label htmlFor={sliderId} className="sr-only">
          {n === null ? t('whole.position') : t('whole.positionN', { n })}
        </label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={Math.max(length, position, 0.1)}
          step={0.1}
          value={position}
          aria-valuetext={t('whole.valueText', { position: formatDuration(position), duration: formatDuration(length) })}
          onChange={(event) => player.seekWhole(recordingId, Number(event.target.value))}
          className={clsx('w-full accent-amber-300', focusRing)}
        />
        <p aria-hidden className="flex justify-between text-xs text-stone-400 tabular-nums">
          <span>
            {formatDuration(position)}
            {n !== null && <span className="ml-2 text-stone-500">{t('whole.recording', { n })}</span>}
          </span>
          <span>{formatDuration(length)}</span>
        </p>
      </div>
    </div>
  );
}
