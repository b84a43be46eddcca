import { useEffect } from 'react';
import clsx from 'clsx';
import { Mic, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { INTERVIEW_QUESTIONS, INTERVIEW_THEMES, interviewQuestionId, type InterviewTheme } from '../../../contract/interviewer.ts';
import { useInterviewAnswers } from '../api/interviewer.ts';
import { TalkWithSaagaLink } from '../conversation/TalkWithSaagaLink.tsx';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { recordingLink } from '../recordings/recordingLink.ts';
import { DetailMessage } from '../shell/DetailStates.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { buttonClasses, focusRing } from '../ui/Button.tsx';
import { LoadFailed } from '../ui/ListStates.tsx';
import { THEME_ICONS } from './themeIcons.ts';

const isTheme = (value: string | undefined): value is InterviewTheme => (INTERVIEW_THEMES as readonly string[]).includes(value ?? '');

/**
 * /interviewer/:theme (spec 2, Interviewer): the theme's five questions, each with the
 * stories that answer it and Record (unanswered) or Add (answered: another recording for
 * the newest answer). `?question=` marks the one an "Answered question" card came from.
 */
export function ThemePage() {
  const { t } = useTranslation('interviewer');
  const language = useLanguage();
  const { theme } = useParams();
  const [params] = useSearchParams();
  const marked = params.get('question');
  const answers = useInterviewAnswers();

  useEffect(() => {
    if (marked) document.getElementById(`question-${marked}`)?.scrollIntoView({ block: 'center' });
  }, [marked, answers.isSuccess]);

  if (!isTheme(theme)) return <DetailMessage text={t('notFound')} backTo="/interviewer" backLabel={t('back')} />;
  const Icon = THEME_ICONS[theme];
  return (
    <div className="grid gap-4">
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            <Icon aria-hidden className="size-6 text-amber-300" />
            {t(`themes.${theme}.title`)}
          </span>
        }
        backTo="/interviewer"
      />
      {answers.isError && <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void answers.refetch()} />}
      <ol className="grid gap-3">
        {INTERVIEW_QUESTIONS[theme].map((key) => {
          const questionId = interviewQuestionId(theme, key);
          const question = t(`questions.${theme}.${key}`);
          const stories = answers.data?.[questionId] ?? [];
          const newest = stories[0];
          return (
            <li
              key={key}
              id={`question-${key}`}
              className={clsx(
                'grid gap-3 rounded-2xl border bg-stone-900/70 p-4',
                marked === key ? 'border-amber-300/60' : 'border-stone-800',
              )}
            >
              <p className="text-base text-stone-50">{question}</p>
              {stories.length > 0 && (
                <div className="grid gap-1.5">
                  <p className="text-xs font-medium tracking-wide text-stone-400 uppercase">{t('answeredBy')}</p>
                  <ul className="grid gap-1">
                    {stories.map((story) => (
                      <li key={story.id}>
                        <Link to={`/library/${story.id}`} className={`text-sm text-amber-200 underline-offset-2 hover:underline ${focusRing}`}>
                          {story.title}
                        </Link>
                        <span className="ml-2 text-xs text-stone-500">{formatDate(story.createdAt, language)}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <div className="flex flex-wrap gap-2">
                <Link
                  to={recordingLink({ promptQuestion: question, questionId, storyId: newest?.id })}
                  aria-label={t(newest ? 'addAnswer' : 'recordAnswer', { question })}
                  className={buttonClasses(newest ? 'secondary' : 'primary', 'justify-self-start')}
                >
                  {newest ? <Plus aria-hidden className="size-4" /> : <Mic aria-hidden className="size-4" />}
                  {t(newest ? 'add' : 'record')}
                </Link>
                <TalkWithSaagaLink question={question} questionId={questionId} />
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
