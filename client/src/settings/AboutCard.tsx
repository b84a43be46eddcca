import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { version } from '../../../package.json';
import { Card } from '../ui/Card.tsx';

/** About card: what Saaga is and which version runs. */
export function AboutCard() {
  const { t } = useTranslation('settings');
  return (
    <Card title={t('about.title')} icon={<Info aria-hidden className="size-5" />}>
      <p className="text-sm text-stone-300">{t('about.description')}</p>
      <p className="mt-3 text-xs text-stone-500">{t('about.version', { version })}</p>
    </Card>
  );
}
