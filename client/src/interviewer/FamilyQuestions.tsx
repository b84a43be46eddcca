import { useState } from 'react';
import { Mic, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { familyQuestionId, type FamilyQuestionView } from '../../../contract/family.ts';
import { useFamilyQuestions, useSetQuestionAside } from '../api/familyResponses.ts';
import { TalkWithSaagaLink } from '../conversation/TalkWithSaagaLink.tsx';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { recordingLink } from '../recordings/recordingLink.ts';
import { Button, buttonClasses } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { toast } from '../ui/toastStore.ts';

/**
 * "Questions from your family" (issue 28), beside the themes and the untold parts: each
 * unanswered question a relative asked, by whom, with "Answer by recording" (the recorder
 * with the question on screen) and "Talk with Saaga"; the story told carries the question's
 * id (`family:{id}`), which answers it and tells the asker. "Set aside" asks first.
 */
export function FamilyQuestions() {
  const { t } = useTranslation('familyResponses');
  const language = useLanguage();
  const questions = useFamilyQuestions();
  const setAside = useSetQuestionAside();
  const [asking, setAsking] = useState<FamilyQuestionView | null>(null);
  const open = questions.data?.filter((question) => question.answeredStoryId === null) ?? [];
  if (open.length === 0) return null;

  return (
    <section aria-labelledby="family-questions" className="grid gap-3">
      <h2 id="family-questions" className="flex items-center gap-2 text-lg font-semibold text-stone-50">
        <Users aria-hidden className="size-5 text-amber-300" />
        {t('questions.title')}
      </h2>
      <p className="-mt-1 text-sm text-stone-400">{t('questions.description')}</p>
      <ul className="grid gap-3">
        {open.map((question) => (
          <li key={question.id} className="grid gap-2 rounded-2xl border border-stone-800 bg-stone-900/70 p-4">
            <p className="text-xs font-semibold tracking-wide text-amber-200 uppercase">
              {t('questions.asked', { name: question.askerName, date: formatDate(question.createdAt, language) })}
            </p>
            <p className="text-stone-50">{question.text}</p>
            <div className="flex flex-wrap gap-2">
              <Link
                to={recordingLink({ promptQuestion: question.text, questionId: familyQuestionId(question.id) })}
                aria-label={t('questions.recordLabel', { question: question.text })}
                className={buttonClasses('primary')}
              >
                <Mic aria-hidden className="size-4" />
                {t('questions.record')}
              </Link>
              <TalkWithSaagaLink question={question.text} questionId={familyQuestionId(question.id)} />
              <Button variant="ghost" onClick={() => setAsking(question)}>
                {t('questions.setAside')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(isOpen) => !isOpen && setAsking(null)}
        title={t('questions.setAsideTitle')}
        description={asking ? t('questions.setAsideDescription', { name: asking.askerName, question: asking.text }) : ''}
        confirmLabel={t('questions.setAside')}
        pending={setAside.isPending}
        onConfirm={() =>
          asking &&
          setAside.mutate(asking.id, {
            onSuccess: () => toast({ title: t('questions.setAsideDone') }),
            onError: () => toast({ title: t('questions.setAsideFailed'), variant: 'destructive' }),
            onSettled: () => setAsking(null),
          })
        }
      />
    </section>
  );
}
