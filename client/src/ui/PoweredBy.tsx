import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { focusRing } from './Button.tsx';

/** The foot of a page anyone may open without an account (a published story, a book's listening link): "Powered by Saaga", linking home. */
export function PoweredBy() {
  const { t } = useTranslation('common');
  return (
    <footer className="border-t border-stone-800 pt-6 text-center text-sm text-stone-400">
      {t('poweredBy')}{' '}
      <Link to="/" className={`rounded font-semibold text-amber-200 hover:text-amber-100 ${focusRing}`}>
        Saaga
      </Link>
    </footer>
  );
}
