import { Mic, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEntryRecordings, useUploadEntryRecording, type EntryKind } from '../api/people.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { AudioPlayer } from '../recordings/AudioPlayer.tsx';
import { RecordingCard } from '../recordings/RecordingCard.tsx';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { LoadingRows } from '../ui/ListStates.tsx';
import { toast } from '../ui/toastStore.ts';
import { InlineRecorder } from './InlineRecorder.tsx';
import { useTakeFailureToast } from '../takes/useTakeFailureToast.ts';
import { useWavRecorder } from './useWavRecorder.ts';

/** A recording's own screen: inside its story, or among the recordings in no story. */
function recordingPath(recording: { id: number; storyId: number | null }): string {
  return recording.storyId === null ? `/library/recordings/${recording.id}` : `/library/${recording.storyId}/recordings/${recording.id}`;
}

/**
 * The recordings about a person or place (spec 2): list cards that open the recording, each
 * playable; an add-recording button with an inline recorder that uploads a WAV; an empty state.
 */
export function EntryRecordings({ kind, id }: { kind: EntryKind; id: number }) {
  const { t } = useTranslation('people');
  const language = useLanguage();
  const errorText = useErrorText();
  const recordings = useEntryRecordings(kind, id);
  const upload = useUploadEntryRecording(kind, id);
  const recorder = useWavRecorder();
  const active = recorder.state !== 'idle' || upload.isPending;

  // The main recorder's words (spec 8.4): the same microphone and the same checks.
  const failed = useTakeFailureToast();
  const start = async () => {
    const failure = await recorder.start();
    if (failure) failed(failure);
  };
  const stop = async () => {
    const result = await recorder.stop();
    if ('failure' in result) return failed(result.failure);
    upload.mutate(
      { audio: result.wav, language, appLanguage: language },
      {
        onSuccess: () => toast({ title: t('toast.recordingAdded') }),
        onError: (error) => toast({ title: t('toast.uploadFailed', { message: errorText(error) }), variant: 'destructive' }),
      },
    );
  };

  const list = recordings.data ?? [];
  return (
    <Card title={t('recordings.title')} icon={<Mic aria-hidden className="size-4 text-amber-300" />}>
      <div className="grid gap-3">
        {active ? (
          <InlineRecorder
            state={recorder.state}
            elapsedMs={recorder.elapsedMs}
            uploading={upload.isPending}
            onPause={recorder.pause}
            onResume={recorder.resume}
            onStop={() => void stop()}
            onCancel={recorder.cancel}
          />
        ) : (
          list.length > 0 && (
            <Button variant="secondary" className="justify-self-start" onClick={() => void start()}>
              <Plus aria-hidden className="size-4" />
              {t('recordings.add')}
            </Button>
          )
        )}
        {recordings.isPending ? (
          <LoadingRows label={t('recordings.title')} rowClassName="h-24" />
        ) : list.length > 0 ? (
          <ul className="grid gap-2">
            {list.map((recording) => (
              <li key={recording.id} className="grid gap-1.5">
                <RecordingCard recording={recording} to={recordingPath(recording)} />
                <AudioPlayer recordingId={recording.id} storedDuration={recording.duration} />
              </li>
            ))}
          </ul>
        ) : (
          !active && (
            <div className="grid justify-items-center gap-3 py-6 text-center">
              <p className="text-sm text-stone-400">{kind === 'person' ? t('recordings.emptyPerson') : t('recordings.emptyPlace')}</p>
              <Button onClick={() => void start()}>
                <Mic aria-hidden className="size-4" />
                {t('recordings.add')}
              </Button>
            </div>
          )
        )}
      </div>
    </Card>
  );
}
