import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../ui/Button.tsx';

/** Screens that are not built yet; their titles live in shell.json under screens. */
export type ScreenKey =
  | 'record'
  | 'library'
  | 'timeline'
  | 'biography'
  | 'people'
  | 'publishedStory'
  | 'coAuthor'
  | 'streamingTest';

/** A public page (no shell) that is still to come: its title, a note and a link to the home page. */
export function ComingSoonPage({ screen }: { screen: ScreenKey }) {
  const { t } = useTranslation('shell');
  return (
    <div className="min-h-dvh bg-stone-950 text-stone-100">
      <main className="mx-auto w-full max-w-2xl px-4 py-10">
        <h1 className="mb-6 text-2xl font-semibold text-stone-50">{t(`screens.${screen}`)}</h1>
        <ComingSoonNote />
        <Link to="/" className={buttonClasses('secondary', 'mt-6')}>
          {t('backToHome')}
        </Link>
      </main>
    </div>
  );
}

function ComingSoonNote() {
  const { t } = useTranslation('shell');
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-700 px-6 py-12 text-center">
      <Hourglass aria-hidden className="size-8 text-amber-300" />
      <p className="text-lg font-medium text-stone-100">{t('comingSoon.title')}</p>
      <p className="max-w-sm text-sm text-stone-400">{t('comingSoon.description')}</p>
    </div>
  );
}
