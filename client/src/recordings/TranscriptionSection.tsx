import { useDataChanged } from '../api/dataChanged.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { Loader2, PenLine, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { RecordingWithLinksDto } from '../../../contract/library.ts';
import { useRecordingStatus } from '../api/uploads.ts';
import { useTranscriptionFailureToast } from './useTranscriptionFailure.ts';
import { EditableText } from '../ui/EditableText.tsx';
import { Button, focusRing } from '../ui/Button.tsx';
import { toast } from '../ui/toastStore.ts';
import { isRecordingPending } from './recordingCard.ts';
import { useRetranscribe, useUpdateTranscription } from '../api/recordings.ts';

/**
 * The transcription (spec 2, "Recording detail"): click to edit it in place; "Re-transcribe"
 * queues it again and the status is polled every 2 s until it is transcribed or failed.
 */
export function TranscriptionSection({ recording }: { recording: RecordingWithLinksDto }) {
  const { t } = useTranslation('recordings');
  const update = useUpdateTranscription(recording.id);
  const textId = useId();
  const retranscription = useRetranscription(recording.id);
  const pending = retranscription.running || isRecordingPending(recording);

  return (
    <EditableText
      text={recording.transcription}
      label={t('transcription.label')}
      save={update.mutate}
      saving={update.isPending}
      savingLabel={t('links.saving')}
      savedMessage={t('transcription.saved')}
      saveFailedMessage={t('transcription.saveFailed')}
    >
      {(edit) => (
        <div className="grid gap-2">
          <h2 className="text-sm font-semibold text-stone-300">{t('transcription.label')}</h2>
          {pending ? (
            <p role="status" className="flex items-center gap-2 text-amber-200">
              <Loader2 aria-hidden className="size-4 animate-spin" />
              {t('status.transcribing')}
            </p>
          ) : (
            <>
              {recording.processingStatus === 'failed' && <p className="text-sm text-red-200">{t('status.failed')}</p>}
              <button
                type="button"
                onClick={edit}
                aria-label={t('transcription.edit')}
                aria-describedby={textId}
                className={`-mx-2 rounded-lg px-2 py-1 text-left leading-relaxed whitespace-pre-line text-stone-100 hover:bg-stone-900/70 ${focusRing}`}
              >
                <PenLine aria-hidden className="float-right mt-1 ml-2 size-4 text-stone-500" />
                <span id={textId}>
                  {recording.transcription?.trim() ? recording.transcription : <span className="text-stone-400 italic">{t('card.noText')}</span>}
                </span>
              </button>
              <div>
                <Button variant="ghost" onClick={retranscription.start} disabled={retranscription.starting} className="-ml-2">
                  <RotateCcw aria-hidden className="size-4" />
                  {t('transcription.retranscribe')}
                </Button>
              </div>
            </>
          )}
        </div>
      )}
    </EditableText>
  );
}

/** Re-transcription: start it, follow its status, and say how it ended (spec 8.5, 8.6). */
function useRetranscription(recordingId: number) {
  const { t } = useTranslation('recordings');
  const queryClient = useQueryClient();
  const retranscribe = useRetranscribe(recordingId);
  const recordingsChanged = useDataChanged();
  const transcriptionFailure = useTranscriptionFailureToast();
  const [running, setRunning] = useState(false);
  const status = useRecordingStatus(running ? recordingId : null);
  const reported = useRef(false);

  useEffect(() => {
    const current = status.data?.processingStatus;
    if (!running || reported.current || (current !== 'transcribed' && current !== 'failed')) return;
    reported.current = true;
    setRunning(false);
    recordingsChanged();
    if (current === 'transcribed') toast({ title: t('transcription.retranscribed') });
    else transcriptionFailure(status.data?.transcriptionError ?? null);
  }, [running, status.data, recordingsChanged, transcriptionFailure, t]);

  const start = () =>
    retranscribe.mutate(undefined, {
      onSuccess: (recording) => {
        // The old status must not read as the end of the new run.
        queryClient.setQueryData(['/api/recordings', recordingId, 'status'], {
          processingStatus: recording.processingStatus,
          transcriptionError: null,
        });
        reported.current = false;
        setRunning(true);
        recordingsChanged();
      },
      onError: () => toast({ title: t('transcription.retranscribeFailed'), variant: 'destructive' }),
    });

  return { start, running, starting: retranscribe.isPending };
}
