import { ChevronRight, MessageCircleQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { readInterviewQuestionId } from '../../../contract/interviewer.ts';
import { focusRing } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';

/**
 * The question a story or recording answers (spec 2, "Answered question"). An interviewer
 * question's card leads back to it, marked, in its theme.
 */
export function QuestionCard({ question, questionId }: { question: string; questionId?: string | null }) {
  const { t } = useTranslation('storyDetail');
  const interview = readInterviewQuestionId(questionId);
  const body = (
    <>
      <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-amber-200 uppercase">
        <MessageCircleQuestion aria-hidden className="size-4" />
        {t('question.title')}
      </p>
      <p className="mt-2 flex items-start justify-between gap-3 text-stone-100">
        {question}
        {interview && <ChevronRight aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-200" />}
      </p>
    </>
  );
  return (
    <Card className="border-amber-300/30 bg-amber-300/5 p-4">
      {interview ? (
        <Link to={`/interviewer/${interview.theme}?question=${interview.key}`} className={`block rounded-lg ${focusRing}`}>
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}
