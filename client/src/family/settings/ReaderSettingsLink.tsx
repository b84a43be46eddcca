import clsx from 'clsx';
import { Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { focusRing } from '../../ui/Button.tsx';

/** The reading view's way to the reader's own settings (name, language, e-mails, sign out, other devices). */
export function ReaderSettingsLink() {
  const { t } = useTranslation('familyRespond');
  return (
    <Link to="/family/settings" className={clsx('flex min-h-11 items-center gap-1.5 self-start justify-self-start rounded text-sm font-medium text-amber-200 hover:text-amber-100', focusRing)}>
      <Settings aria-hidden className="size-4" />
      {t('settings.link')}
    </Link>
  );
}
