import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DELETION_PATH } from '../accountDeletion/returnAfterSignIn.ts';
import { buttonClasses } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';

/** Settings' way to the deletion screen; nothing happens until that screen's last button. */
export function DeleteAccountCard() {
  const { t } = useTranslation('accountDeletion');
  return (
    <Card title={t('card.title')} description={t('card.description')} icon={<Trash2 aria-hidden className="size-5" />}>
      <Link to={DELETION_PATH} className={buttonClasses('secondary')}>
        {t('card.open')}
      </Link>
    </Card>
  );
}
