import { useState } from 'react';
import { Loader2, Mic, MicOff, Pause, Play, Send, Square, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/appLanguage.ts';
import { formatNumber } from '../../i18n/format.ts';
import { ProgressBar } from '../../recorder/ProgressBar.tsx';
import { RecordingSupportBanner } from '../../recorder/RecordingSupportBanner.tsx';
import { browserRecordingEnvironment, recordingSupportProblems } from '../../recorder/recordingSupport.ts';
import { formatDuration } from '../../recordings/duration.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ReplyLeaveGuard, type LeaveQuestion } from './ReplyLeaveGuard.tsx';
import { useReplyRecorder } from './useReplyRecorder.ts';

/**
 * "Reply by voice": Record (the microphone opens only now), the timer with Pause and Stop and
 * send, the upload's progress, and a reply that could not be sent kept here with Send again
 * and Discard (which asks). Leaving while a take is here asks first (`ReplyLeaveGuard`).
 */
export function ReplyRecorder({ storyId, reader }: { storyId: number; reader: string }) {
  const { t } = useTranslation('familyRespond');
  const language = useLanguage();
  const recorder = useReplyRecorder(storyId, reader);
  const [unsupported] = useState(() => recordingSupportProblems(browserRecordingEnvironment()));
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  // The leave question outlives the take it asks about (sent or discarded), until the way out is taken.
  const [leaveQuestion, setLeaveQuestion] = useState<LeaveQuestion>(null);
  const { step } = recorder;

  return (
    <div className="grid gap-3">
      <RecordingSupportBanner problems={unsupported} />
      {step.phase === 'idle' && (
        <Button variant="secondary" className="justify-self-start" onClick={() => void recorder.start()} disabled={unsupported.length > 0}>
          <Mic aria-hidden className="size-4" />
          {t('reply.record')}
        </Button>
      )}

      {(step.phase === 'recording' || step.phase === 'paused' || step.phase === 'checking') && (
        <div className="grid gap-3 rounded-xl border border-amber-300/40 bg-stone-950/70 p-4">
          <div className="flex items-center justify-between gap-3">
            <p role="status" className="flex items-center gap-2 text-sm text-stone-200">
              {step.phase === 'checking' ? (
                <Loader2 aria-hidden className="size-4 animate-spin text-amber-300" />
              ) : (
                <span aria-hidden className={step.phase === 'recording' ? 'size-2.5 animate-pulse rounded-full bg-red-500' : 'size-2.5 rounded-full bg-stone-500'} />
              )}
              {t(`reply.${step.phase}`)}
            </p>
            <div role="timer" aria-label={t('reply.timer')} className="font-mono text-2xl text-stone-50 tabular-nums">
              {formatDuration(recorder.elapsedMs / 1000)}
            </div>
          </div>
          {recorder.silenceShown && (
            <p className="flex items-center gap-2 rounded-lg border border-amber-300/40 bg-stone-900 px-3 py-2 text-sm text-amber-100">
              <MicOff aria-hidden className="size-4 shrink-0 text-amber-300" />
              {t('reply.silence')}
            </p>
          )}
          {step.phase !== 'checking' && (
            <div className="flex flex-wrap gap-2">
              {step.phase === 'paused' ? (
                <Button variant="secondary" onClick={recorder.resume}>
                  <Play aria-hidden className="size-4" />
                  {t('reply.resume')}
                </Button>
              ) : (
                <Button variant="secondary" onClick={recorder.pause}>
                  <Pause aria-hidden className="size-4" />
                  {t('reply.pause')}
                </Button>
              )}
              <Button onClick={() => void recorder.stopAndSend()}>
                <Square aria-hidden className="size-4 fill-current" />
                {t('reply.stopAndSend')}
              </Button>
            </div>
          )}
        </div>
      )}

      {step.phase === 'sending' && (
        <div className="rounded-xl border border-stone-700 bg-stone-950/70 p-4">
          <ProgressBar
            label={t('reply.sending')}
            valueText={formatNumber(step.sent, language, { style: 'percent' })}
            value={Math.round(step.sent * 100)}
          />
        </div>
      )}

      {step.phase === 'unsent' && (
        <div role="alert" className="grid gap-3 rounded-xl border border-red-400/30 bg-red-950/40 p-4">
          <p className="font-medium text-red-100">{t('reply.notSent')}</p>
          <p className="text-sm text-red-100/90">{step.message}</p>
          <p className="text-sm text-stone-300">{t('reply.keptHere', { duration: formatDuration(step.take.durationSeconds) })}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void recorder.sendAgain()}>
              <Send aria-hidden className="size-4" />
              {t('reply.sendAgain')}
            </Button>
            <Button variant="ghost" className="text-red-300 hover:text-red-200" onClick={() => setConfirmingDiscard(true)}>
              <Trash2 aria-hidden className="size-4" />
              {t('reply.discard')}
            </Button>
          </div>
        </div>
      )}

      <ConfirmDialog
        open={confirmingDiscard}
        onOpenChange={setConfirmingDiscard}
        title={t('reply.discardTitle')}
        description={t('reply.discardText')}
        confirmLabel={t('reply.discard')}
        onConfirm={() => {
          setConfirmingDiscard(false);
          void recorder.discard();
        }}
        destructive
      />
      {(recorder.rule !== 'free' || leaveQuestion) && <ReplyLeaveGuard recorder={recorder} asking={leaveQuestion} setAsking={setLeaveQuestion} />}
    </div>
  );
}
