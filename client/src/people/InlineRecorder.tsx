import { Mic, Pause, Play, Square, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import type { RecorderState } from './useWavRecorder.ts';

interface InlineRecorderProps {
  state: RecorderState;
  elapsedMs: number;
  uploading: boolean;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  onCancel: () => void;
}

/** m:ss of whole seconds. */
function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The recorder inside the recordings card (spec 2): status, timer, pause/resume, stop, Cancel. */
export function InlineRecorder({ state, elapsedMs, uploading, onPause, onResume, onStop, onCancel }: InlineRecorderProps) {
  const { t } = useTranslation('people');
  const busy = uploading || state === 'stopping';
  return (
    <div className="grid gap-3 rounded-xl border border-amber-300/40 bg-stone-950/70 p-4">
      <div className="flex items-center justify-between gap-3">
        <p role="status" className="flex items-center gap-2 text-sm text-stone-200">
          <Mic aria-hidden className={state === 'recording' ? 'size-4 animate-pulse text-red-400' : 'size-4 text-stone-400'} />
          {busy ? t('recordings.uploading') : state === 'paused' ? t('recordings.paused') : t('recordings.recording')}
        </p>
        <time aria-label={t('recordings.timer')} className="font-mono text-lg text-stone-50 tabular-nums">
          {clock(elapsedMs)}
        </time>
      </div>
      <div className="flex flex-wrap gap-2">
        {state === 'paused' ? (
          <Button variant="secondary" onClick={onResume} disabled={busy}>
            <Play aria-hidden className="size-4" />
            {t('recordings.resume')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={onPause} disabled={busy}>
            <Pause aria-hidden className="size-4" />
            {t('recordings.pause')}
          </Button>
        )}
        <Button onClick={onStop} disabled={busy}>
          <Square aria-hidden className="size-4" />
          {t('recordings.stop')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          <X aria-hidden className="size-4" />
          {t('recordings.cancel')}
        </Button>
      </div>
    </div>
  );
}
