import { CheckCircle2, Loader2, Mic, MicOff, Pause, Play, RotateCcw, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../recordings/duration.ts';
import { Button } from '../ui/Button.tsx';
import type { ContributionStep } from './useContributionRecorder.ts';

interface ContributionRecorderProps {
  step: ContributionStep;
  elapsedMs: number;
  silenceShown: boolean;
  onStart: () => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  onTryAgain: () => void;
  onRecordAnother: () => void;
}

/** The co-author page's recorder: Record; the m:ss timer with pause/resume and stop; uploading; done; error with Try Again. */
export function ContributionRecorder(props: ContributionRecorderProps) {
  const { step } = props;
  const { t } = useTranslation('coAuthor');

  if (step.phase === 'done') {
    return (
      <div role="status" className="grid justify-items-start gap-3 rounded-xl border border-emerald-400/30 bg-emerald-400/10 p-4">
        <p className="flex items-center gap-2 font-medium text-emerald-100">
          <CheckCircle2 aria-hidden className="size-5" />
          {t('recorder.doneTitle')}
        </p>
        <p className="text-sm text-stone-300">{t('recorder.doneText')}</p>
        <Button variant="secondary" onClick={props.onRecordAnother}>
          <Mic aria-hidden className="size-4" />
          {t('recorder.recordAnother')}
        </Button>
      </div>
    );
  }

  if (step.phase === 'error') {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-400/30 bg-red-950/40 p-4">
        <p className="font-medium text-red-100">{step.title}</p>
        <p className="text-sm text-red-100/90">{step.message}</p>
        <Button variant="secondary" onClick={props.onTryAgain}>
          <RotateCcw aria-hidden className="size-4" />
          {t('recorder.tryAgain')}
        </Button>
      </div>
    );
  }

  if (step.phase === 'idle') {
    return (
      <div className="grid justify-items-center gap-3 py-2 text-center">
        <button
          type="button"
          onClick={props.onStart}
          className="flex size-20 items-center justify-center rounded-full bg-amber-300 text-stone-950 shadow-lg shadow-amber-900/40 transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300 active:scale-95"
        >
          <Mic aria-hidden className="size-9" />
          <span className="sr-only">{t('recorder.record')}</span>
        </button>
        <p className="text-sm text-stone-400">{t('recorder.idle')}</p>
      </div>
    );
  }

  const busy = step.phase === 'analyzing' || step.phase === 'uploading';
  const status = {
    recording: t('recorder.recording'),
    paused: t('recorder.paused'),
    analyzing: t('recorder.analyzing'),
    uploading: t('recorder.uploading'),
  }[step.phase];

  return (
    <div className="grid gap-4 rounded-xl border border-amber-300/40 bg-stone-950/70 p-4">
      <div className="flex items-center justify-between gap-3">
        <p role="status" className="flex items-center gap-2 text-sm text-stone-200">
          {busy ? (
            <Loader2 aria-hidden className="size-4 animate-spin text-amber-300" />
          ) : (
            <span aria-hidden className={step.phase === 'recording' ? 'size-2.5 animate-pulse rounded-full bg-red-500' : 'size-2.5 rounded-full bg-stone-500'} />
          )}
          {status}
        </p>
        {!busy && (
          <div role="timer" aria-label={t('recorder.timer')} className="font-mono text-3xl text-stone-50 tabular-nums">
            {formatDuration(props.elapsedMs / 1000)}
          </div>
        )}
      </div>
      {props.silenceShown && (
        <p className="flex items-center gap-2 rounded-lg border border-amber-300/40 bg-stone-900 px-3 py-2 text-sm text-amber-100">
          <MicOff aria-hidden className="size-4 shrink-0 text-amber-300" />
          {t('recorder.silence')}
        </p>
      )}
      {!busy && (
        <div className="flex flex-wrap gap-2">
          {step.phase === 'paused' ? (
            <Button variant="secondary" onClick={props.onResume}>
              <Play aria-hidden className="size-4" />
              {t('recorder.resume')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={props.onPause}>
              <Pause aria-hidden className="size-4" />
              {t('recorder.pause')}
            </Button>
          )}
          <Button variant="destructive" onClick={props.onStop}>
            <Square aria-hidden className="size-4 fill-current" />
            {t('recorder.stop')}
          </Button>
        </div>
      )}
    </div>
  );
}
