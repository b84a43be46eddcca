import { useId, useState, type FormEvent } from 'react';
import { BookOpen, Clock, HelpCircle, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FAMILY_QUESTION_MAX, type FamilyCircleView } from '../../../../contract/family.ts';
import { isFamilySignInLost, useAskQuestion, useMyQuestions } from '../../api/familyRespond.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { useLanguage } from '../../i18n/appLanguage.ts';
import { formatDate } from '../../i18n/format.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { toast } from '../../ui/toastStore.ts';
import { useGuardedEditor } from '../../ui/useGuardedEditor.tsx';
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

/** The question's box, guarded like every editor (decision 032): a typed question is never lost without asking. */
function QuestionBox({ circle, tellerName }: { circle: number; tellerName: string }) {
  const { t } = useTranslation('familyRespond');
  const errorText = useErrorText();
  const reader = useReaderKey();
  const fieldId = useId();
  const [text, setText] = useState('');
  const ask = useAskQuestion(circle);
  const dirty = text.trim() !== '';

  const save = async (): Promise<boolean> => {
    if (!dirty) return true;
    try {
      await ask.mutateAsync(text.trim());
      setText('');
      toast({ title: t('questions.sent'), description: t('questions.sentText', { teller: tellerName }) });
      return true;
    } catch (error) {
      if (!isFamilySignInLost(error)) toast({ title: t('questions.sendFailed'), description: errorText(error, { orServerMessage: true }), variant: 'destructive' });
      return false;
    }
  };
  const { guard, offer } = useGuardedEditor({
    ownerId: reader,
    draftKey: `family:circle:${circle}:question`,
    value: text,
    dirty,
    save,
    discard: () => setText(''),
    restore: setText,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <form onSubmit={submit} className="grid gap-2">
      {guard}
      {offer}
      <label htmlFor={fieldId} className="text-sm font-medium text-stone-200">
        {t('questions.label')}
      </label>
      <textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={FAMILY_QUESTION_MAX}
        rows={2}
        placeholder={t('questions.placeholder')}
        className="min-h-20 w-full rounded-lg border border-stone-600 bg-stone-950 px-3 py-2 text-base text-stone-50 placeholder:text-stone-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
      />
      <Button type="submit" className="justify-self-end" disabled={!dirty || ask.isPending}>
        <Send aria-hidden className="size-4" />
        {ask.isPending ? t('questions.sending') : t('questions.send')}
      </Button>
    </form>
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
