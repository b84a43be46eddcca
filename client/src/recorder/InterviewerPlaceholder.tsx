import { Baby, Briefcase, HeartHandshake, Home, Mountain, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { INTERVIEW_THEMES, QUESTIONS_PER_THEME, type InterviewTheme } from '../../../contract/interviewer.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { buttonClasses } from '../ui/Button.tsx';
import { recordingLink } from '../recordings/recordingLink.ts';

const THEME_ICONS: Record<InterviewTheme, LucideIcon> = {
  childhood: Baby,
  family: Home,
  career: Briefcase,
  relationships: HeartHandshake,
  achievements: Trophy,
  challenges: Mountain,
};

/** The interviewer until its questions arrive: the six theme cards and a way to record freely. */
export function InterviewerPlaceholder() {
  const { t } = useTranslation('recording');
  return (
    <>
      <PageHeader title={t('interviewer.title')} />
      <p className="mb-6 text-stone-300">{t('interviewer.description')}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {INTERVIEW_THEMES.map((theme) => {
          const Icon = THEME_ICONS[theme];
          return (
            <li key={theme} className="rounded-2xl border border-stone-800 bg-stone-900/70 p-5">
              <h2 className="flex items-center gap-2 text-base font-semibold text-stone-50">
                <Icon aria-hidden className="size-5 text-amber-300" />
                {t(`interviewer.themes.${theme}.title`)}
              </h2>
              <p className="mt-1 text-sm text-stone-400">{t(`interviewer.themes.${theme}.description`)}</p>
              <p className="mt-3 text-xs text-stone-500">{t('interviewer.questionCount', { count: QUESTIONS_PER_THEME })}</p>
            </li>
          );
        })}
      </ul>
      <p className="mt-6 text-sm text-stone-400">{t('interviewer.comingSoon')}</p>
      <Link to={recordingLink()} className={buttonClasses('primary', 'mt-4')}>
        {t('interviewer.recordFreely')}
      </Link>
    </>
  );
}
