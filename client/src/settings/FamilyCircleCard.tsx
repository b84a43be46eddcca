import { HeartHandshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { backState } from '../shell/backTarget.ts';
import { buttonClasses } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';

/** Settings' way to the family circle (also in the main menu); Back there returns to Settings. */
export function FamilyCircleCard() {
  const { t } = useTranslation('familyCircle');
  return (
    <Card title={t('settingsCard.title')} description={t('settingsCard.description')} icon={<HeartHandshake aria-hidden className="size-5" />}>
      <Link to="/family-circle" state={backState('/settings')} className={buttonClasses('secondary')}>
        {t('settingsCard.open')}
      </Link>
    </Card>
  );
}
