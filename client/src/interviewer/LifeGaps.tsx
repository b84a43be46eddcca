import { CalendarRange, Loader2, MapPin, Mic, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLifeGaps } from '../api/interviewer.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { recordingLink } from '../recordings/recordingLink.ts';
import { buttonClasses } from '../ui/Button.tsx';

interface GapProps {
  icon: ReactNode;
  label: string;
  question: string;
  questionId: string;
}

/** One untold part: what it is, the question, and Record. */
function Gap({ icon, label, question, questionId }: GapProps) {
  const { t } = useTranslation('interviewer');
  return (
    <li className="grid gap-2 rounded-2xl border border-stone-800 bg-stone-900/70 p-4">
      <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-amber-200 uppercase">
        {icon}
        {label}
      </p>
      <p className="text-stone-50">{question}</p>
      <Link
        to={recordingLink({ promptQuestion: question, questionId })}
        aria-label={t('recordAnswer', { question })}
        className={buttonClasses('secondary', 'justify-self-start')}
      >
        <Mic aria-hidden className="size-4" />
        {t('record')}
      </Link>
    </li>
  );
}

/**
 * "Not yet told" (beyond the spec): the decades, people and places of the person's life
 * with no stories yet, each with a question the writer drafted from what they have told;
 * a plain question stands in while it is written, or when the writer had none.
 */
export function LifeGaps() {
  const { t } = useTranslation('interviewer');
  const language = useLanguage();
  const gaps = useLifeGaps(language);
  const data = gaps.data;
  if (!data) return null;
  const empty = data.decades.length + data.people.length + data.places.length === 0;
  if (empty && !data.undated) return null;
  return (
    <section aria-labelledby="life-gaps" className="grid gap-3">
      <h2 id="life-gaps" className="text-lg font-semibold text-stone-50">
        {t('gaps.title')}
      </h2>
      <p className="-mt-1 text-sm text-stone-400">{t('gaps.description')}</p>
      {data.writing && (
        <p role="status" className="flex items-center gap-2 text-sm text-amber-100">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          {t('gaps.writing')}
        </p>
      )}
      {data.undated && <p className="text-sm text-stone-400">{t('gaps.undated')}</p>}
      <ul className="grid gap-3">
        {data.decades.map((gap) => (
          <Gap
            key={gap.key}
            icon={<CalendarRange aria-hidden className="size-4" />}
            label={t('gaps.decade', { decade: gap.decade })}
            question={gap.question ?? t('gaps.plainDecade', { decade: gap.decade })}
            questionId={gap.key}
          />
        ))}
        {[
          ...data.people.map((gap) => ({ ...gap, icon: <User aria-hidden className="size-4" />, plain: t('gaps.plainPerson', { name: gap.name }) })),
          ...data.places.map((gap) => ({ ...gap, icon: <MapPin aria-hidden className="size-4" />, plain: t('gaps.plainPlace', { name: gap.name }) })),
        ].map((gap) => (
          <Gap key={gap.key} icon={gap.icon} label={gap.name} question={gap.question ?? gap.plain} questionId={gap.key} />
        ))}
      </ul>
    </section>
  );
}
