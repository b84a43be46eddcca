import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { isTranscriptionPending } from '../../../contract/engines.ts';
import { useDataChanged } from '../api/dataChanged.ts';
import { TRANSCRIPT_CORRECTED, useRetranscribe } from '../api/recordings.ts';
import { ApiRequestError } from '../api/request.ts';
import { useRecordingStatus } from '../api/uploads.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { toast } from '../ui/toastStore.ts';
import { useTranscriptionFailureToast } from './useTranscriptionFailure.ts';

interface RetranscribedRecording {
  id: number;
  processingStatus: string;
  transcriptionEditedByHand: boolean;
}

/**
 * Re-transcription of one recording (spec 8.5, 8.6): asks first when the transcript was
 * corrected by hand (or the server says so), then follows the new run's status and says
 * how it ended. With `followPending`, a recording already on its way is followed too, so
 * its screen refreshes when it is done. The audio is never touched, whatever happens.
 */
export function useRetranscription(recording: RetranscribedRecording, { followPending = false } = {}) {
  const { t } = useTranslation('recordings');
  const queryClient = useQueryClient();
  const retranscribe = useRetranscribe(recording.id);
  const recordingsChanged = useDataChanged();
  const transcriptionFailure = useTranscriptionFailureToast();
  const [startedHere, setStartedHere] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const following = startedHere || (followPending && isTranscriptionPending(recording.processingStatus));
  const status = useRecordingStatus(following ? recording.id : null);
  const settledSeen = useRef<string | null>(null);

  useEffect(() => {
    const current = status.data?.processingStatus;
    if (!following || (current !== 'transcribed' && current !== 'failed') || settledSeen.current === current) return;
    settledSeen.current = current;
    recordingsChanged();
    if (!startedHere) return;
    setStartedHere(false);
    if (current === 'transcribed') toast({ title: t('transcription.retranscribed') });
    else transcriptionFailure(status.data?.transcriptionError ?? null);
  }, [following, startedHere, status.data, recordingsChanged, transcriptionFailure, t]);

  const send = (replaceCorrected: boolean) =>
    retranscribe.mutate(
      { replaceCorrected },
      {
        onSuccess: (updated) => {
          // The old status must not read as the end of the new run.
          queryClient.setQueryData(['/api/recordings', recording.id, 'status'], {
            processingStatus: updated.processingStatus,
            transcriptionError: null,
          });
          settledSeen.current = null;
          setConfirming(false);
          setStartedHere(true);
          recordingsChanged();
        },
        onError: (error) => {
          // Corrected meanwhile (in another tab): ask, as if it had been known.
          if (error instanceof ApiRequestError && error.code === TRANSCRIPT_CORRECTED && !replaceCorrected) {
            setConfirming(true);
            return;
          }
          setConfirming(false);
          toast({ title: t('transcription.retranscribeFailed'), variant: 'destructive' });
        },
      },
    );

  const start = () => (recording.transcriptionEditedByHand ? setConfirming(true) : send(false));

  const confirmation = (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      title={t('transcription.replaceTitle')}
      description={t('transcription.replaceDescription')}
      confirmLabel={t('transcription.replaceConfirm')}
      onConfirm={() => send(true)}
      pending={retranscribe.isPending}
      destructive
    />
  );

  return { start, running: startedHere, starting: retranscribe.isPending, confirmation };
}
