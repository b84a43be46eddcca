import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../ui/Button.tsx';

/** "404 Page Not Found" for a path the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-stone-50">{t('notFound.title')}</h1>
      <p className="max-w-sm text-sm text-stone-400">{t('notFound.description')}</p>
      <Link to="/" className={buttonClasses('primary')}>
        {t('backToHome')}
      </Link>
    </div>
  );
}
