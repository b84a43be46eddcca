import { Captions } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../ui/Card.tsx';
import { SwitchField } from '../ui/SwitchField.tsx';
import { useLiveTextSetting } from './useLiveTextSetting.ts';

/** Live text on this device: shown only when the server can offer it. */
export function LiveTextCard() {
  const { t } = useTranslation('live');
  const setting = useLiveTextSetting();
  if (!setting.available) return null;

  return (
    <Card title={t('setting.title')} icon={<Captions aria-hidden className="size-5" />}>
      <SwitchField label={t('setting.label')} hint={t('setting.hint')} checked={setting.on} onChange={setting.choose} />
    </Card>
  );
}
