import { ChevronRight, Mic } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { INTERVIEW_THEMES, QUESTIONS_PER_THEME } from '../../../contract/interviewer.ts';
import { useInterviewAnswers } from '../api/interviewer.ts';
import { TalkWithSaagaLink } from '../conversation/TalkWithSaagaLink.tsx';
import { UnansweredQuestions } from '../followUps/UnansweredQuestions.tsx';
import { recordingLink } from '../recordings/recordingLink.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { buttonClasses, focusRing } from '../ui/Button.tsx';
import { answeredCount } from './answeredCount.ts';
import { FamilyQuestions } from './FamilyQuestions.tsx';
import { LifeGaps } from './LifeGaps.tsx';
import { PhotoPrompts } from './PhotoPrompts.tsx';
import { THEME_ICONS } from './themeIcons.ts';

/**
 * /interviewer, "Need inspiration?" (spec 2, Interviewer): six theme cards with how many of
 * their questions are answered, the untold parts of the life, the photos with no story yet,
 * the follow-up questions still open, and recording freely.
 */
export function InterviewerPage() {
  const { t } = useTranslation('interviewer');
  const answers = useInterviewAnswers();
  return (
    <div className="grid gap-6">
      <div>
        <PageHeader title={t('title')} />
        <p className="-mt-3 text-stone-300">{t('description')}</p>
      </div>
      <FamilyQuestions />
      <ul className="grid gap-3 sm:grid-cols-2">
        {INTERVIEW_THEMES.map((theme) => {
          const Icon = THEME_ICONS[theme];
          const answered = answeredCount(theme, answers.data);
          return (
            <li key={theme}>
              <Link
                to={`/interviewer/${theme}`}
                className={`flex items-center gap-4 rounded-2xl border border-stone-800 bg-stone-900/70 p-5 hover:border-amber-300/40 ${focusRing}`}
              >
                <Icon aria-hidden className="size-7 shrink-0 text-amber-300" />
                <span className="grid flex-1 gap-1">
                  <span className="text-base font-semibold text-stone-50">{t(`themes.${theme}.title`)}</span>
                  <span className="text-sm text-stone-400">{t(`themes.${theme}.description`)}</span>
                  {answers.data && (
                    <span className="text-xs font-medium text-amber-200" aria-label={t('answeredLabel', { answered, total: QUESTIONS_PER_THEME })}>
                      {t('answered', { answered, total: QUESTIONS_PER_THEME })}
                    </span>
                  )}
                </span>
                <ChevronRight aria-hidden className="size-5 text-stone-500" />
              </Link>
            </li>
          );
        })}
      </ul>
      <LifeGaps />
      <PhotoPrompts />
      <UnansweredQuestions />
      <div className="grid justify-items-start gap-3 border-t border-stone-800 pt-5">
        <p className="text-sm text-stone-400">{t('freely')}</p>
        <Link to={recordingLink()} className={buttonClasses('primary')}>
          <Mic aria-hidden className="size-4" />
          {t('recordFreely')}
        </Link>
        <TalkWithSaagaLink />
      </div>
    </div>
  );
}
