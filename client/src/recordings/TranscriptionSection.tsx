import type { RefObject } from 'react';
import { Loader2, PenLine, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RecordingWithLinksDto } from '../../../contract/library.ts';
import { ListeningTranscript } from '../listening/ListeningTranscript.tsx';
import { timingsFitText } from '../listening/timeline.ts';
import { useRecordingTimings } from '../api/voice.ts';
import { EditableText } from '../ui/EditableText.tsx';
import { Button, focusRing } from '../ui/Button.tsx';
import { isRecordingPending } from './recordingCard.ts';
import { useCurrentUser } from '../api/currentUser.ts';
import { useUpdateTranscription } from '../api/recordings.ts';
import { TranscriptionFailure } from './TranscriptionFailure.tsx';
import { useRetranscription } from './useRetranscription.tsx';
import { WaitingForEngine } from './WaitingForEngine.tsx';

/**
 * The transcription (spec 2, "Recording detail"): click to edit it in place; "Re-transcribe"
 * queues it again (asking first when it was corrected by hand) and the status is polled
 * every 2 s until it is transcribed or failed. A failure says why, with Re-transcribe at
 * hand; a recording that waits for the speech model says so. A timed transcript is the
 * listening editor (client/src/listening/): it follows the player's `audio`, a word at a time.
 */
export function TranscriptionSection({ recording, audio }: { recording: RecordingWithLinksDto; audio: RefObject<HTMLAudioElement | null> }) {
  const { t } = useTranslation('recordings');
  const { t: listeningText } = useTranslation('listening');
  const timed = useRecordingTimings(recording.id).data;
  const update = useUpdateTranscription(recording.id);
  const owner = useCurrentUser().data?.id ?? null;
  const retranscription = useRetranscription(recording, { followPending: true });
  const pending = retranscription.running || isRecordingPending(recording);
  const failed = recording.processingStatus === 'failed';
  // Timings of another text (a correction not timed again yet) would mark the wrong words: the plain text then.
  const timings = timed?.timings && timed.timings.source !== 'none' && timingsFitText(timed.timings, recording.transcription) ? timed.timings : null;

  return (
    <EditableText
      text={recording.transcription}
      label={t('transcription.label')}
      draftKey={`recording:${recording.id}:transcription`}
      ownerId={owner}
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
            <WaitingForEngine
              recordingId={recording.id}
              otherwise={
                <p role="status" className="flex items-center gap-2 text-amber-200">
                  <Loader2 aria-hidden className="size-4 animate-spin" />
                  {t('status.transcribing')}
                </p>
              }
            />
          ) : (
            <>
              {failed && (
                <TranscriptionFailure
                  transcriptionError={recording.transcriptionError}
                  onRetranscribe={retranscription.start}
                  starting={retranscription.starting}
                  withTitle
                />
              )}
              {timed?.pending && recording.transcription?.trim() && (
                <p role="status" className="text-sm text-stone-400">
                  {listeningText('pending')}
                </p>
              )}
              {timings && recording.transcription ? (
                <ListeningTranscript
                  recordingId={recording.id}
                  ownerId={owner}
                  text={recording.transcription}
                  timings={timings}
                  audio={audio}
                  save={update.mutate}
                  saving={update.isPending}
                  editAll={edit}
                />
              ) : (
                <button
                  type="button"
                  onClick={edit}
                  className={`-mx-2 rounded-lg px-2 py-1 text-left leading-relaxed whitespace-pre-line text-stone-100 hover:bg-stone-900/70 ${focusRing}`}
                >
                  <PenLine aria-hidden className="float-right mt-1 ml-2 size-4 text-stone-500" />
                  {/* Named by the text it shows, what it does said first (unseen): a name that hides the visible text confuses voice control. */}
                  <span className="sr-only">{t('transcription.edit')}: </span>
                  <span>
                    {recording.transcription?.trim() ? recording.transcription : <span className="text-stone-400 italic">{t('card.noText')}</span>}
                  </span>
                </button>
              )}
              {!failed && (
                <div>
                  <Button variant="ghost" onClick={retranscription.start} disabled={retranscription.starting} className="-ml-2">
                    <RotateCcw aria-hidden className="size-4" />
                    {t('transcription.retranscribe')}
                  </Button>
                </div>
              )}
            </>
          )}
          {retranscription.confirmation}
        </div>
      )}
    </EditableText>
  );
}
