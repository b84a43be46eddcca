import { useId } from 'react';
import { Loader2, MessageCircleQuestion, Mic } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUnansweredQuestions } from '../api/followUps.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { useAnswerByRecording } from './useAnswerByRecording.ts';

/**
 * Unanswered follow-up questions in the app's language, newest first, for the
 * interviewer's inspiration: each with its story's title and Record, which answers it by
 * recording into that story. Nothing at all while loading, on failure, or with none.
 */
export function UnansweredQuestions() {
  const { t } = useTranslation('followUps');
  const language = useLanguage();
  const questions = useUnansweredQuestions(language);
  const answer = useAnswerByRecording();
  const headingId = useId();
  if (!questions.data?.length) return null;

  return (
    <Card>
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-stone-50">
        <MessageCircleQuestion aria-hidden className="size-5 text-amber-200" />
        {t('unanswered.title')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-stone-400">{t('unanswered.description')}</p>
      <ul aria-labelledby={headingId} className="grid gap-3">
        {questions.data.map((question) => (
          <li key={question.id} className="flex items-start justify-between gap-3 rounded-xl border border-stone-800 bg-stone-950/60 p-4">
            <div className="min-w-0">
              <p className="text-stone-100">{question.question}</p>
              <p className="mt-1 truncate text-xs text-stone-400">{t('unanswered.from', { title: question.storyTitle })}</p>
            </div>
            <Button
              variant="secondary"
              className="min-h-10 shrink-0 px-3"
              onClick={() => answer.start(question, question.storyId)}
              disabled={answer.pendingId !== null}
              aria-label={t('unanswered.recordLabel', { question: question.question })}
            >
              {answer.pendingId === question.id ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Mic aria-hidden className="size-4" />}
              {t('unanswered.record')}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
