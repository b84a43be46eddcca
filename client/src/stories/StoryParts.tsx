import { CalendarClock, CalendarDays, MessageCircleQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../ui/Badge.tsx';
import { TimePeriodEditor } from '../time/TimePeriodEditor.tsx';
import { useTimeText } from '../time/useTimeText.ts';
import { Card } from '../ui/Card.tsx';
import type { NameChoice } from './NameDialog.tsx';
import { useSaveStoryTime, type Story } from '../api/stories.ts';

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
