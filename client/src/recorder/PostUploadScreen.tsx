import { useDataChanged } from '../api/dataChanged.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RECORDING_STATUS_PROGRESS } from '../../../contract/recording-limits.ts';
import { TEMPORAL_TYPES } from '../../../contract/temporal.ts';
import type { RecordingUploadResponse } from '../../../contract/uploads.ts';
import { useStory } from '../api/stories.ts';
import { isStoryWritten } from '../api/storyProgress.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { toast } from '../ui/toastStore.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { useRecordingStatus, useSaveTemporalContext } from '../api/uploads.ts';
import { RecordingHeader } from './RecordingHeader.tsx';
import { canSaveTimeContext, initialTimeContextDraft, localIsoDate, toTemporalContext, type TimeContextDraft } from '../time/timeContext.ts';
import { TimeFields } from '../time/TimeFields.tsx';
import { useUploadStage } from './useUploadStage.ts';

interface PostUploadScreenProps {
  titleId: string;
  /** The upload request is still out. */
  pending: boolean;
  response: RecordingUploadResponse | null;
  /** The story the recording was added to, known before the server answers. */
  knownStoryId: number | null;
  /** When the server answered the upload. */
  answeredAt: number | null;
  onBack: () => void;
  onOpenStory: (storyId: number) => void;
  onTranscriptionFailed: (transcriptionError: string | null) => void;
}

type LeaveAction = 'save' | 'skip';

/**
 * After upload (spec 2): "Your story is ready!" or "Processing your recording", the upload
 * and transcription progress, and the time form; Save or Skip opens the story.
 */
export function PostUploadScreen(props: PostUploadScreenProps) {
  const { pending, response, knownStoryId, answeredAt, onOpenStory, onTranscriptionFailed } = props;
  const { t } = useTranslation('recording');
  const storyId = response?.story?.id ?? knownStoryId;
  const [today] = useState(() => new Date());
  const [draft, setDraft] = useState<TimeContextDraft>(() => initialTimeContextDraft(today));
  const [waitingTo, setWaitingTo] = useState<LeaveAction | null>(null);
  const save = useSaveTemporalContext();
  const recordingsChanged = useDataChanged();

  const status = useRecordingStatus(response?.recording.id ?? null);
  const processingStatus = status.data?.processingStatus ?? response?.recording.processingStatus;
  const story = useStory(response ? storyId : null);
  const ready = processingStatus === 'transcribed' && story.data !== undefined && isStoryWritten(story.data);
  const stage = useUploadStage(answeredAt, processingStatus);

  // Transcribed: stories changed. Failed: say why and start over (spec 4).
  const reported = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!status.data || reported.current === status.data.processingStatus) return;
    reported.current = status.data.processingStatus;
    if (status.data.processingStatus === 'transcribed') recordingsChanged();
    if (status.data.processingStatus === 'failed') onTranscriptionFailed(status.data.transcriptionError);
  }, [status.data, recordingsChanged, onTranscriptionFailed]);

  const leave = (action: LeaveAction, id: number) => {
    if (action === 'skip') return onOpenStory(id);
    save.mutate(
      { storyId: id, context: toTemporalContext(draft) },
      {
        onSuccess: () => onOpenStory(id),
        onError: () => toast({ title: t('after.saveFailed'), variant: 'destructive' }),
      },
    );
  };

  // Save or Skip pressed before the story existed: done as soon as it does.
  useEffect(() => {
    if (waitingTo && storyId !== null) {
      setWaitingTo(null);
      leave(waitingTo, storyId);
    }
  });

  const request = (action: LeaveAction) => (storyId === null ? setWaitingTo(action) : leave(action, storyId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSaveTimeContext(draft, today)) request('save');
  };
  const busy = save.isPending || waitingTo !== null;

  return (
    <>
      <RecordingHeader
        titleId={props.titleId}
        title={ready ? t('after.ready') : t('after.processing')}
        onBack={props.onBack}
        backBlocked={pending && storyId === null}
        onBlockedBack={() => toast({ title: t('upload.pleaseWait'), description: t('upload.stillUploading') })}
      />
      <div className="grid gap-4 pt-6">
        <Card>
          <div className="grid gap-4">
            <ProgressBar
              label={t('after.progress')}
              valueText={ready ? t('after.ready') : t(`upload.stages.${stage.stage}`)}
              value={ready ? 100 : stage.progress}
            />
            {processingStatus && (
              <ProgressBar
                label={t('after.transcription')}
                valueText={t(`after.transcriptionStatus.${processingStatus}`)}
                value={RECORDING_STATUS_PROGRESS[processingStatus]}
              />
            )}
          </div>
        </Card>

        <Card
          title={t('after.timeTitle')}
          description={t('after.timeDescription')}
          icon={<CalendarClock aria-hidden className="size-5" />}
        >
          <form onSubmit={submit} className="grid gap-5">
            <TimeFields
              draft={draft}
              onChange={(fields) => setDraft((current) => ({ ...current, ...fields }))}
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
              <Button type="submit" className="flex-1" disabled={!canSaveTimeContext(draft, today) || busy}>
                {t('actions.save', { ns: 'common' })}
              </Button>
              <Button variant="secondary" onClick={() => request('skip')} disabled={busy}>
                {t('after.skip')}
              </Button>
            </div>
          </form>
        </Card>
      </div>
    </>
  );
}
