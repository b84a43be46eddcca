import { MessageCircleQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../ui/Card.tsx';

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
