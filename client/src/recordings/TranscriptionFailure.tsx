import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { useRetranscription } from './useRetranscription.tsx';
import { useTranscriptionFailureText } from './useTranscriptionFailure.ts';

interface TranscriptionFailureProps {
  transcriptionError: string | null;
  onRetranscribe: () => void;
  starting: boolean;
  /** Say "Transcription failed" too (where nothing else says it). */
  withTitle?: boolean;
}

/** Why a transcription failed, in the person's language, and the way to try again. */
export function TranscriptionFailure({ transcriptionError, onRetranscribe, starting, withTitle = false }: TranscriptionFailureProps) {
  const { t } = useTranslation('recordings');
  const reason = useTranscriptionFailureText();
  return (
    <div className="grid justify-items-start gap-2 rounded-lg border border-red-400/30 bg-red-500/10 p-3">
      {withTitle && <p className="font-medium text-red-100">{t('status.failed')}</p>}
      <p className="text-sm text-red-100">{reason(transcriptionError)}</p>
      <Button variant="secondary" onClick={onRetranscribe} disabled={starting}>
        <RotateCcw aria-hidden className="size-4" />
        {t('transcription.retranscribe')}
      </Button>
    </div>
  );
}

interface ListedRecording {
  id: number;
  processingStatus: string;
  transcriptionError: string | null;
  transcriptionEditedByHand: boolean;
}

/**
 * Under a failed recording's card: the reason and Re-transcribe. It stays mounted while
 * the recording is not failed, so the run it started still says how it ended.
 */
export function RecordingFailureActions({ recording, className }: { recording: ListedRecording; className?: string }) {
  const retranscription = useRetranscription(recording);
  return (
    <>
      {recording.processingStatus === 'failed' && !retranscription.running && (
        <div className={className}>
          <TranscriptionFailure
            transcriptionError={recording.transcriptionError}
            onRetranscribe={retranscription.start}
            starting={retranscription.starting}
          />
        </div>
      )}
      {retranscription.confirmation}
    </>
  );
}
