import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CalendarClock, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RECORDING_STATUS_PROGRESS } from '../../../contract/recording-limits.ts';
import { TEMPORAL_TYPES } from '../../../contract/temporal.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { useDataChanged } from '../api/dataChanged.ts';
import { useRetranscribe } from '../api/recordings.ts';
import { useSaveStoryTime, useStory } from '../api/stories.ts';
import { hasRealContent } from '../api/storyProgress.ts';
import { useRecordingStatus } from '../api/uploads.ts';
import { useTranscriptionFailureText } from '../recordings/useTranscriptionFailure.ts';
import { WaitingForEngine } from '../recordings/WaitingForEngine.tsx';
import { initialTimeContextDraft, localIsoDate, timeContextToSave, type TimeContextDraft } from '../time/timeContext.ts';
import { TimeFields } from '../time/TimeFields.tsx';
import { useTimeText } from '../time/useTimeText.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { toast } from '../ui/toastStore.ts';
import { postUploadStage } from './postUploadProgress.ts';
import { ProgressBar } from './ProgressBar.tsx';
import type { RecorderStep } from './recorderMachine.ts';
import { RecordingHeader } from './RecordingHeader.tsx';

interface PostUploadScreenProps {
  titleId: string;
  step: Extract<RecorderStep, { phase: 'uploading' | 'done' }>;
  onBack: () => void;
  onOpenStory: (storyId: number) => void;
}

type LeaveAction = 'save' | 'skip';

/**
 * After upload (spec 2): the headline and progress from the server's real state, why a
 * transcription failed with a way to try again, and the time form. The form starts with
 * no time chosen, or with the time the story already has; Save is there only for a real
 * change, and Skip (or keeping the story's time) opens the story.
 */
export function PostUploadScreen({ titleId, step, onBack, onOpenStory }: PostUploadScreenProps) {
  const { t } = useTranslation('recording');
  const response = step.phase === 'done' ? step.response : null;
  const storyId = response?.story?.id ?? (step.context.contextType === 'story' ? (step.context.contextId ?? null) : null);
  const recordingId = response?.recording.id ?? null;
  const writesStory = step.context.contextType === 'new_story';

  const status = useRecordingStatus(recordingId);
  const processingStatus = status.data?.processingStatus ?? response?.recording.processingStatus;
  const story = useStory(storyId);
  // Written: real text and no writer at work (a story whose only recording failed has neither).
  const storyWritten = story.data !== undefined && story.data.processingStatus !== 'processing' && hasRealContent(story.data);
  const { stage, progress } = postUploadStage({ pending: step.phase === 'uploading', status: processingStatus, writesStory, storyWritten });
  const failureText = useTranscriptionFailureText();
  const retranscribe = useRetranscribe(recordingId ?? 0);

  // A finished transcript changes the lists: they read again.
  const dataChanged = useDataChanged();
  const reported = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!status.data || reported.current === status.data.processingStatus) return;
    reported.current = status.data.processingStatus;
    if (status.data.processingStatus === 'transcribed') dataChanged();
  }, [status.data, dataChanged]);

  // The story's own polling stops once it looks written; while the writer works after a new
  // transcript (a re-transcription, say), this screen keeps reading it.
  const refetchStory = story.refetch;
  useEffect(() => {
    if (stage !== 'generating') return;
    const timer = window.setInterval(() => void refetchStory(), TIMINGS.statusPollMs);
    return () => window.clearInterval(timer);
  }, [stage, refetchStory]);

  const headline = stage === 'ready' ? t('after.ready') : stage === 'added' ? t('after.added') : stage === 'failed' ? t('after.failed') : t('after.processing');

  return (
    <>
      <RecordingHeader
        titleId={titleId}
        title={headline}
        onBack={onBack}
        backBlocked={step.phase === 'uploading' && storyId === null}
        onBlockedBack={() => toast({ title: t('upload.pleaseWait'), description: t('upload.stillUploading') })}
      />
      <div className="grid gap-4 pt-6">
        <Card>
          <div className="grid gap-4">
            <ProgressBar label={t('after.progress')} valueText={t(`upload.stages.${stage}`)} value={progress} />
            {processingStatus && (
              <ProgressBar
                label={t('after.transcription')}
                valueText={t(`after.transcriptionStatus.${processingStatus}`)}
                value={RECORDING_STATUS_PROGRESS[processingStatus]}
              />
            )}
            {stage === 'failed' && (
              <div role="alert" className="grid gap-3 rounded-xl border border-red-400/40 bg-red-950/30 p-4 text-sm text-red-100">
                <p>{failureText(status.data?.transcriptionError ?? null)}</p>
                <p className="text-stone-300">{t('after.failedKept')}</p>
                <Button
                  variant="secondary"
                  className="justify-self-start"
                  disabled={retranscribe.isPending}
                  onClick={() =>
                    retranscribe.mutate(undefined, {
                      onSuccess: () => void status.refetch(),
                      onError: () => toast({ title: t('after.retranscribeFailed'), variant: 'destructive' }),
                    })
                  }
                >
                  <RotateCcw aria-hidden className="size-4" />
                  {t('after.retranscribe')}
                </Button>
              </div>
            )}
            {recordingId !== null && stage !== 'failed' && (
              <WaitingForEngine recordingId={recordingId} storyId={writesStory ? storyId : null} />
            )}
          </div>
        </Card>

        <TimeCard storyId={storyId} stored={story.data ?? null} storyKnown={story.data !== undefined || storyId === null} onOpenStory={onOpenStory} />
      </div>
    </>
  );
}

interface TimeCardProps {
  storyId: number | null;
  stored: Parameters<typeof initialTimeContextDraft>[1];
  /** The story's stored time has been read (or there is no story yet to read). */
  storyKnown: boolean;
  onOpenStory: (storyId: number) => void;
}

/** "When did this happen?": the story's own time offered, never replaced unasked. */
function TimeCard({ storyId, stored, storyKnown, onOpenStory }: TimeCardProps) {
  const { t } = useTranslation('recording');
  const timeText = useTimeText();
  const [today] = useState(() => new Date());
  const [draft, setDraft] = useState<TimeContextDraft>(() => initialTimeContextDraft(today));
  const [touched, setTouched] = useState(false);
  const [waitingTo, setWaitingTo] = useState<LeaveAction | null>(null);
  const save = useSaveStoryTime(storyId ?? 0);
  const storedTime = stored && stored.temporalType ? stored : null;

  // The story's time, once read, is where the form starts, unless the person already chose.
  const [offered, setOffered] = useState(false);
  if (!offered && storyKnown) {
    setOffered(true);
    if (!touched && storedTime) setDraft(initialTimeContextDraft(today, storedTime));
  }

  const payload = timeContextToSave(draft, storedTime, today);

  const leave = (action: LeaveAction, id: number) => {
    const toSend = timeContextToSave(draft, storedTime, today);
    if (action === 'skip' || !toSend) return onOpenStory(id);
    save.mutate(toSend, {
      onSuccess: () => onOpenStory(id),
      onError: () => toast({ title: t('after.saveFailed'), variant: 'destructive' }),
    });
  };

  // Save or Skip pressed before the story existed: done as soon as it does.
  useEffect(() => {
    if (waitingTo && storyId !== null && storyKnown) {
      setWaitingTo(null);
      leave(waitingTo, storyId);
    }
  });

  const request = (action: LeaveAction) => (storyId === null || !storyKnown ? setWaitingTo(action) : leave(action, storyId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (payload) request('save');
  };
  const busy = save.isPending || waitingTo !== null;

  return (
    <Card title={t('after.timeTitle')} description={t('after.timeDescription')} icon={<CalendarClock aria-hidden className="size-5" />}>
      <form onSubmit={submit} className="grid gap-5">
        {storedTime && <p className="text-sm text-stone-300">{t('after.storyHasTime', { time: timeText(storedTime) })}</p>}
        <TimeFields
          draft={draft}
          onChange={(fields) => {
            setTouched(true);
            setDraft((current) => ({ ...current, ...fields }));
          }}
          types={TEMPORAL_TYPES}
          maxYear={today.getFullYear()}
          maxDate={localIsoDate(today)}
          disabled={busy}
        />
        {waitingTo && (
          <p role="status" className="text-sm text-stone-400">
            {t('after.waiting')}
          </p>
        )}
        <div className="flex gap-3">
          <Button type="submit" className="flex-1" disabled={!payload || busy}>
            {storedTime ? t('after.saveChange') : t('actions.save', { ns: 'common' })}
          </Button>
          <Button variant="secondary" onClick={() => request('skip')} disabled={busy}>
            {storedTime ? t('after.keepTime') : t('after.skip')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
