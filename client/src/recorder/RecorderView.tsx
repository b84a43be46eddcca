import type { ReactNode } from 'react';
import { Loader2, Mic, MicOff, Pause, Play, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { focusRing } from '../ui/Button.tsx';
import type { LiveText } from '../live/liveText.ts';
import { LiveTextPanel } from '../live/LiveTextPanel.tsx';
import type { LiveTextStatus } from '../live/useLiveText.ts';
import { canPauseOrResume, recorderStatusKey, type RecorderPhase } from './recorderMachine.ts';
import { formatTimer } from '../microphone/clock.ts';

interface RecorderViewProps {
  phase: RecorderPhase;
  elapsedMs: number;
  silenceShown: boolean;
  promptQuestion: string | null;
  /** "Tell me about this picture": the photo, shown above everything else. */
  photo?: ReactNode;
  /** The streaming recorder's words as the person speaks; absent when live text is off. */
  live?: { text: LiveText; status: LiveTextStatus };
  onStart: () => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
}

const roundButton = clsx(
  'flex items-center justify-center rounded-full shadow-lg transition-transform hover:scale-105 active:scale-95',
  focusRing,
);

/** The recorder itself: question card, timer, status, silence notice and the controls of the phase. */
export function RecorderView(props: RecorderViewProps) {
  const { phase, elapsedMs, silenceShown, promptQuestion } = props;
  const { t } = useTranslation('recording');
  const busy = phase === 'connecting' || phase === 'analyzing' || phase === 'uploading';

  return (
    <div data-phase={phase} className={clsx('flex flex-1 flex-col items-center pt-6 text-center', props.photo ? 'gap-5' : 'gap-8')}>
      {props.photo}
      {promptQuestion && (
        <section className="w-full rounded-2xl border border-amber-300/30 bg-amber-300/10 p-5 text-left">
          <h2 className="text-xs font-semibold tracking-wide text-amber-300 uppercase">{t('screen.interviewerQuestion')}</h2>
          <p className="mt-2 text-lg text-stone-50">{promptQuestion}</p>
        </section>
      )}

      <div role="timer" aria-label={t('screen.timer')} className="text-6xl font-light tabular-nums text-stone-50">
        {formatTimer(elapsedMs)}
      </div>

      <p aria-live="polite" className="flex min-h-6 items-center gap-2 text-stone-300">
        {phase === 'recording' && <span aria-hidden className="size-2.5 animate-pulse rounded-full bg-red-500" />}
        {t(recorderStatusKey(phase))}
      </p>

      <div role="status" className="min-h-12 w-full">
        {silenceShown && (
          <p className="flex items-center justify-center gap-2 rounded-xl border border-amber-300/40 bg-stone-900 px-4 py-3 text-sm text-amber-100">
            <MicOff aria-hidden className="size-4 shrink-0 text-amber-300" />
            {t('screen.silence')}
          </p>
        )}
      </div>

      <div className="flex items-center justify-center gap-6">
        {phase === 'idle' && (
          <button
            type="button"
            onClick={props.onStart}
            aria-label={t('home.startRecording')}
            className={clsx(roundButton, 'size-28 bg-amber-300 text-stone-950 shadow-amber-900/40')}
          >
            <Mic aria-hidden className="size-12" />
          </button>
        )}
        {canPauseOrResume(phase) && (
          <>
            {phase === 'recording' ? (
              <button
                type="button"
                onClick={props.onPause}
                aria-label={t('screen.pause')}
                className={clsx(roundButton, 'size-16 border border-stone-600 bg-stone-800 text-stone-50')}
              >
                <Pause aria-hidden className="size-7" />
              </button>
            ) : (
              <button
                type="button"
                onClick={props.onResume}
                aria-label={t('screen.resume')}
                className={clsx(roundButton, 'size-16 border border-stone-600 bg-stone-800 text-stone-50')}
              >
                <Play aria-hidden className="size-7" />
              </button>
            )}
            <button
              type="button"
              onClick={props.onStop}
              aria-label={t('screen.stop')}
              className={clsx(roundButton, 'size-24 bg-red-600 text-white shadow-red-950/50')}
            >
              <Square aria-hidden className="size-9 fill-current" />
            </button>
          </>
        )}
        {busy && <Loader2 aria-hidden className="size-12 animate-spin text-amber-300" />}
      </div>

      {props.live && (phase === 'recording' || phase === 'paused' || phase === 'analyzing') && (
        <LiveTextPanel text={props.live.text} status={props.live.status} />
      )}
    </div>
  );
}
