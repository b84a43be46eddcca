import { BookOpen, Clock, HelpCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FAMILY_QUESTION_MAX, type FamilyCircleView } from '../../../../contract/family.ts';
import { useAskQuestion, useMyQuestions } from '../../api/familyRespond.ts';
import { useLanguage } from '../../i18n/appLanguage.ts';
import { formatDate } from '../../i18n/format.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { toast } from '../../ui/toastStore.ts';
import { GuardedSendBox } from './GuardedSendBox.tsx';
import { useReaderKey } from './readerKey.ts';

/**
 * "Ask {teller} a question" on the reading view: the question goes to the storyteller's
 * interviewer; below it, the reader's own questions, each answered one linking to the story
 * that answers it. `circle`: the circle the reading view shows.
 */
export function AskQuestion({ circle: current }: { circle: FamilyCircleView }) {
  const { t } = useTranslation('familyRespond');
  return (
    <Card title={t('questions.title', { teller: current.tellerName })} icon={<HelpCircle aria-hidden className="size-5" />}>
      <div className="grid gap-5">
        <QuestionBox circle={current.circle} tellerName={current.tellerName} />
        <MyQuestions circle={current.circle} />
      </div>
    </Card>
  );
}

/** The question's box, guarded like every editor (GuardedSendBox): a typed question is never lost without asking. */
function QuestionBox({ circle, tellerName }: { circle: number; tellerName: string }) {
  const { t } = useTranslation('familyRespond');
  const reader = useReaderKey();
  const ask = useAskQuestion(circle);
  return (
    <GuardedSendBox
      reader={reader}
      draftKey={`family:circle:${circle}:question`}
      words={{ label: t('questions.label'), placeholder: t('questions.placeholder'), send: t('questions.send'), sending: t('questions.sending'), failed: t('questions.sendFailed') }}
      maxLength={FAMILY_QUESTION_MAX}
      rows={2}
      send={(text) => ask.mutateAsync(text)}
      sending={ask.isPending}
      onSent={() => toast({ title: t('questions.sent'), description: t('questions.sentText', { teller: tellerName }) })}
    />
  );
}

/** The reader's own questions, newest first: waiting, or answered with a link to the story. */
function MyQuestions({ circle }: { circle: number }) {
  const { t } = useTranslation('familyRespond');
  const language = useLanguage();
  const questions = useMyQuestions(circle);
  if (!questions.data || questions.data.length === 0) return null;
  const ordered = [...questions.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return (
    <section aria-labelledby={`my-questions-${circle}`} className="grid gap-2">
      <h3 id={`my-questions-${circle}`} className="text-sm font-semibold text-stone-100">
        {t('questions.yours')}
      </h3>
      <ul className="grid gap-2">
        {ordered.map((question) => (
          <li key={question.id} className="grid gap-1 rounded-xl border border-stone-800 bg-stone-900/70 p-3">
            <p className="break-words text-stone-100">{question.text}</p>
            <p className="text-xs text-stone-400">{formatDate(question.createdAt, language, { dateStyle: 'medium' })}</p>
            {question.answeredStoryId !== null ? (
              <Link to={`/family/stories/${question.answeredStoryId}?circle=${circle}`} className={buttonClasses('secondary', 'mt-1 justify-self-start')}>
                <BookOpen aria-hidden className="size-4" />
                {t('questions.answered')}
              </Link>
            ) : (
              <p className="flex items-center gap-1.5 text-sm text-stone-400">
                <Clock aria-hidden className="size-4" />
                {t('questions.waiting')}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
