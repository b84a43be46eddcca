import { useRef, useState } from 'react';
import { BookOpen, CalendarClock, Clock, Link2, Trash2, UserPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { RecordingWithLinksDto } from '../../../contract/library.ts';
import { ApiRequestError } from '../api/request.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { Badge } from '../ui/Badge.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { parseRouteId } from '../shell/routeId.ts';
import { DetailLoading, DetailMessage } from '../shell/DetailStates.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { QuestionCard } from './QuestionCard.tsx';
import { useTimeText } from '../time/useTimeText.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { toast } from '../ui/toastStore.ts';
import { AudioPlayer } from './AudioPlayer.tsx';
import { formatDuration } from './duration.ts';
import { RecordingLinksEditor } from './RecordingLinksEditor.tsx';
import { useDeleteRecording, useRecordingWithLinks, useSaveRecordingTime } from '../api/recordings.ts';
import { TimePeriodEditor } from '../time/TimePeriodEditor.tsx';
import { TranscriptionSection } from './TranscriptionSection.tsx';
import { PhotoSection } from '../photos/PhotoSection.tsx';

/**
 * The recording detail at /library/{storyId}/recordings/{id}, or /library/recordings/{id}
 * for one in no story (spec 2): audio, the transcription, badges, the time period, linked
 * content and deletion. Back leads to the story, or the recordings without a story.
 */
export function RecordingDetail() {
  const { t } = useTranslation('recordings');
  const params = useParams();
  const storyId = parseRouteId(params.storyId);
  const recordingId = parseRouteId(params.recordingId);
  const recording = useRecordingWithLinks(recordingId);
  const backTo = storyId === null ? '/library/recordings' : `/library/${storyId}`;

  if (recordingId === null || (recording.error instanceof ApiRequestError && recording.error.status === 404)) {
    return <DetailMessage text={t('detail.notFound')} backTo={backTo} backLabel={t('detail.back')} />;
  }
  if (recording.error) return <DetailMessage text={t('detail.loadFailed')} backTo={backTo} backLabel={t('detail.back')} />;
  if (!recording.data) return <DetailLoading lines={5} backTo={backTo} />;
  return <RecordingBody key={recording.data.id} recording={recording.data} backTo={backTo} />;
}

function RecordingBody({ recording, backTo }: { recording: RecordingWithLinksDto; backTo: string }) {
  const { t } = useTranslation('recordings');
  const language = useLanguage();
  const navigate = useNavigate();
  const timeText = useTimeText();
  const saveTime = useSaveRecordingTime(recording.id);
  const remove = useDeleteRecording();
  const [deleting, setDeleting] = useState(false);
  // One audio element: the player plays it, the listening editor follows and steers it.
  const audio = useRef<HTMLAudioElement>(null);
  const time = timeText(recording);
  const question = recording.linkedQuestion?.question ?? recording.promptQuestion;

  const confirmDelete = () =>
    remove.mutate(recording.id, {
      onSuccess: () => {
        setDeleting(false);
        navigate(backTo);
        toast({ title: t('detail.deleted') });
      },
      onError: () => toast({ title: t('detail.deleteFailed'), variant: 'destructive' }),
    });

  return (
    <article className="grid gap-6">
      <div>
        <PageHeader title={t('detail.title', { date: formatDate(recording.createdAt, language) })} backTo={backTo} />
        <p className="-mt-4 flex flex-wrap gap-x-4 text-sm text-stone-400">
          <span>{formatDate(recording.createdAt, language, { dateStyle: 'medium', timeStyle: 'short' })}</span>
          <span className="flex items-center gap-1">
            <Clock aria-hidden className="size-3.5" />
            {t('detail.duration', { duration: formatDuration(recording.duration) })}
          </span>
          <span>{t('card.words', { count: recording.wordCount })}</span>
        </p>
      </div>

      {question && <QuestionCard question={question} questionId={recording.linkedQuestion?.questionId ?? recording.questionId} />}
      <AudioPlayer recordingId={recording.id} storedDuration={recording.duration} audioRef={audio} />

      <ul aria-label={t('detail.badges')} className="flex flex-wrap gap-1.5 empty:hidden">
        {recording.contributorName && (
          <li>
            <Badge icon={UserPen}>
              {t('card.coAuthor')}: {recording.contributorName}
            </Badge>
          </li>
        )}
        {recording.people.map((person) => (
          <li key={`person-${person.id}`}>
            <Badge tone="person">
              {person.name}
            </Badge>
          </li>
        ))}
        {recording.places.map((place) => (
          <li key={`place-${place.id}`}>
            <Badge tone="place">
              {place.name}
            </Badge>
          </li>
        ))}
        {recording.story && (
          <li>
            <Link to={`/library/${recording.story.id}`} className="rounded-full">
              <Badge icon={BookOpen}>{recording.story.title}</Badge>
            </Link>
          </li>
        )}
        {time && (
          <li>
            <Badge tone="time">
              {time}
            </Badge>
          </li>
        )}
      </ul>

      <TranscriptionSection recording={recording} audio={audio} />
      <PhotoSection home={{ kind: 'recording', id: recording.id }} />

      <Card title={t('time.title')} icon={<CalendarClock aria-hidden className="size-5" />}>
        <TimePeriodEditor stored={recording} save={saveTime.mutateAsync} />
      </Card>

      <Card title={t('links.title')} icon={<Link2 aria-hidden className="size-5" />}>
        <RecordingLinksEditor recording={recording} />
      </Card>

      <div className="border-t border-stone-800 pt-4">
        <Button variant="ghost" onClick={() => setDeleting(true)} className="-ml-2 text-red-300 hover:text-red-200">
          <Trash2 aria-hidden className="size-4" />
          {t('detail.delete')}
        </Button>
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('detail.deleteTitle')}
        description={t('detail.deleteDescription')}
        confirmLabel={t('detail.deleteConfirm')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        destructive
      />
    </article>
  );
}
