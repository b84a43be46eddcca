import clsx from 'clsx';
import { Hourglass, Loader2, UserPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RecordingSummaryDto } from '../../../contract/library.ts';
import { useAwaitedEngine } from '../api/engines.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { Badge } from '../ui/Badge.tsx';
import { useTimeText } from '../time/useTimeText.ts';
import { focusRing } from '../ui/Button.tsx';
import { formatDuration } from './duration.ts';
import { isRecordingPending } from './recordingCard.ts';

interface RecordingCardProps {
  recording: RecordingSummaryDto;
  /** The recording detail's address. */
  to: string;
  className?: string;
}

/**
 * A recording in a list (spec 2, "Recording list card"): its first 15 words in quotes or
 * "No text", duration, word count, date, and badges for a co-author, people, places and
 * time. The card is a link to the recording.
 */
export function RecordingCard({ recording, to, className }: RecordingCardProps) {
  const { t } = useTranslation('recordings');
  const language = useLanguage();
  const timeText = useTimeText();
  const time = timeText(recording);
  const pending = isRecordingPending(recording);
  const waiting = useAwaitedEngine({ transcription: pending, writing: false }) !== null;

  return (
    <Link
      to={to}
      draggable={false}
      className={clsx('block min-w-0 flex-1 rounded-xl px-4 py-3 hover:bg-stone-800/60', focusRing, className)}
    >
      <p className={clsx('line-clamp-3', recording.preview ? 'text-stone-100' : 'text-stone-400 italic')}>
        {pending && waiting ? (
          <span className="flex items-center gap-2 text-amber-200 not-italic">
            <Hourglass aria-hidden className="size-4" />
            {t('waiting.short')}
          </span>
        ) : pending ? (
          <span className="flex items-center gap-2 text-amber-200 not-italic">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            {t('status.transcribing')}
          </span>
        ) : recording.processingStatus === 'failed' ? (
          <span className="text-red-200 not-italic">{t('status.failed')}</span>
        ) : recording.preview ? (
          t('card.quoted', { text: recording.preview })
        ) : (
          t('card.noText')
        )}
      </p>
      <p className="mt-1.5 flex flex-wrap gap-x-3 text-sm text-stone-400">
        <span>{formatDuration(recording.duration)}</span>
        <span>{t('card.words', { count: recording.wordCount })}</span>
        <span>{formatDate(recording.createdAt, language)}</span>
      </p>
      {(recording.contributorName || recording.people.length > 0 || recording.places.length > 0 || time) && (
        <div className="mt-2 flex flex-wrap gap-1.5">
          {recording.contributorName && (
            <Badge icon={UserPen}>
              {t(recording.familyReply ? 'card.familyReply' : 'card.coAuthor')}: {recording.contributorName}
            </Badge>
          )}
          {recording.people.map((person) => (
            <Badge key={`person-${person.id}`} tone="person">
              {person.name}
            </Badge>
          ))}
          {recording.places.map((place) => (
            <Badge key={`place-${place.id}`} tone="place">
              {place.name}
            </Badge>
          ))}
          {time && (
            <Badge tone="time">
              {time}
            </Badge>
          )}
        </div>
      )}
    </Link>
  );
}
