import { CalendarClock, CalendarDays, MessageCircleQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../library/Badge.tsx';
import { TimePeriodEditor } from '../recordings/TimePeriodEditor.tsx';
import { useTimeText } from '../timeline/useTimeText.ts';
import { Card } from '../ui/Card.tsx';
import type { NameChoice } from './NameDialog.tsx';
import { useSaveStoryTime, type Story } from './storyApi.ts';

/** The interviewer question a story or recording answers (spec 2, "Answered question"). */
export function QuestionCard({ question }: { question: string }) {
  const { t } = useTranslation('storyDetail');
  return (
    <Card className="border-amber-300/30 bg-amber-300/5 p-4">
      <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-amber-200 uppercase">
        <MessageCircleQuestion aria-hidden className="size-4" />
        {t('question.title')}
      </p>
      <p className="mt-2 text-stone-100">{question}</p>
    </Card>
  );
}

/** The story's time and the people, places and dates its writer found; names open their details. */
export function StoryBadges({ story, onOpenName }: { story: Story; onOpenName: (choice: NameChoice) => void }) {
  const { t } = useTranslation('storyDetail');
  const timeText = useTimeText();
  const time = timeText(story);
  const { people, locations, dates } = story.metadata;
  if (!time && people.length === 0 && locations.length === 0 && dates.length === 0) return null;
  return (
    <ul aria-label={t('badges.label')} className="flex flex-wrap gap-1.5">
      {time && (
        <li>
          <Badge tone="time">
            {time}
          </Badge>
        </li>
      )}
      {people.map((name) => (
        <li key={`person-${name}`}>
          <Badge tone="person" onClick={() => onOpenName({ name, kind: 'person' })}>
            {name}
          </Badge>
        </li>
      ))}
      {locations.map((name) => (
        <li key={`place-${name}`}>
          <Badge tone="place" onClick={() => onOpenName({ name, kind: 'place' })}>
            {name}
          </Badge>
        </li>
      ))}
      {dates.map((date) => (
        <li key={`date-${date}`}>
          <Badge icon={CalendarDays}>{date}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** "When did this happen?" with the inline time editor (spec 4, 5). */
export function StoryTimeCard({ story }: { story: Story }) {
  const { t } = useTranslation('recording');
  const save = useSaveStoryTime(story.id);
  return (
    <Card title={t('after.timeTitle')} description={t('after.timeDescription')} icon={<CalendarClock aria-hidden className="size-5" />}>
      <TimePeriodEditor stored={story} save={save.mutateAsync} />
    </Card>
  );
}

/** Grey bars where text is coming. */
export function SkeletonLines({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          aria-hidden
          className="h-4 animate-pulse rounded bg-stone-800"
          style={{ width: index === count - 1 ? '60%' : `${92 - (index % 3) * 6}%` }}
        />
      ))}
    </>
  );
}
