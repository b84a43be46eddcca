import { Mic, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEntryRecordings, type EntryKind } from '../api/people.ts';
import { LeaveDialog } from '../recorder/LeaveDialog.tsx';
import { AudioPlayer } from '../recordings/AudioPlayer.tsx';
import { RecordingCard } from '../recordings/RecordingCard.tsx';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { LoadingRows } from '../ui/ListStates.tsx';
import { InlineRecorder } from './InlineRecorder.tsx';
import { useEntryTake } from './useEntryTake.ts';

/** A recording's own screen: inside its story, or among the recordings in no story. */
function recordingPath(recording: { id: number; storyId: number | null }): string {
  return recording.storyId === null ? `/library/recordings/${recording.id}` : `/library/${recording.storyId}/recordings/${recording.id}`;
}

/**
 * The recordings about a person or place (spec 2): list cards that open the recording, each
 * playable; an add-recording button with an inline recorder that uploads a WAV (a failed
 * upload stays to send again; Cancel and leaving ask first); an empty state.
 */
export function EntryRecordings({ kind, id }: { kind: EntryKind; id: number }) {
  const { t } = useTranslation('people');
  const recordings = useEntryRecordings(kind, id);
  const take = useEntryTake(kind, id);
  const { recorder } = take;
  const active = recorder.state !== 'idle' || take.uploading;

  const list = recordings.data ?? [];
  return (
    <Card title={t('recordings.title')} icon={<Mic aria-hidden className="size-4 text-amber-300" />}>
      <div className="grid gap-3">
        {active ? (
          <InlineRecorder
            state={recorder.state}
            elapsedMs={recorder.elapsedMs}
            uploading={take.uploading}
            onPause={recorder.pause}
            onResume={recorder.resume}
            onStop={take.stop}
            onCancel={take.cancel}
          />
        ) : take.unsent ? (
          <div role="alert" className="grid gap-3 rounded-xl border border-red-400/40 bg-red-950/30 p-4">
            <p className="text-sm text-stone-100">{t('recordings.notSaved')}</p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={take.sendAgain}>{t('recordings.sendAgain')}</Button>
              <Button variant="ghost" onClick={take.discardUnsent}>
                {t('recordings.discard')}
              </Button>
            </div>
          </div>
        ) : (
          list.length > 0 && (
            <Button variant="secondary" className="justify-self-start" onClick={() => void take.start()}>
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
          !active &&
          !take.unsent && (
            <div className="grid justify-items-center gap-3 py-6 text-center">
              <p className="text-sm text-stone-400">{kind === 'person' ? t('recordings.emptyPerson') : t('recordings.emptyPlace')}</p>
              <Button onClick={() => void take.start()}>
                <Mic aria-hidden className="size-4" />
                {t('recordings.add')}
              </Button>
            </div>
          )
        )}
      </div>
      <LeaveDialog
        open={take.question !== null}
        purpose={take.question?.purpose ?? 'leave'}
        saving={take.keeping}
        resumes={take.question?.resumes ?? false}
        onChoose={take.choose}
        keptAs={{ description: kind === 'person' ? t('recordings.keptPerson') : t('recordings.keptPlace'), keep: t('recordings.keep') }}
      />
    </Card>
  );
}
