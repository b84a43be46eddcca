import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthPageFrame } from '../auth/AuthPageFrame.tsx';
import { buttonClasses } from '../ui/Button.tsx';

/** Where a deleted account's browser lands, signed out. */
export function AccountDeletedPage() {
  const { t } = useTranslation('accountDeletion');
  return (
    <AuthPageFrame title={t('deleted.title')}>
      <p className="mt-6 text-stone-300">{t('deleted.body')}</p>
      <Link to="/" className={buttonClasses('secondary', 'mt-8 self-start')}>
        {t('deleted.home')}
      </Link>
    </AuthPageFrame>
  );
}
