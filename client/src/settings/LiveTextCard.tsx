import { useId } from 'react';
import clsx from 'clsx';
import { Captions } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { useLiveTextSetting } from './useLiveTextSetting.ts';

/** Live text on this device: shown only when the server can offer it. */
export function LiveTextCard() {
  const { t } = useTranslation('live');
  const setting = useLiveTextSetting();
  const switchId = useId();
  if (!setting.available) return null;

  return (
    <Card title={t('setting.title')} icon={<Captions aria-hidden className="size-5" />}>
      <div className="flex items-center justify-between gap-4">
        <div>
          <label htmlFor={switchId} className="text-sm font-medium text-stone-200">
            {t('setting.label')}
          </label>
          <p id={`${switchId}-hint`} className="text-xs text-stone-400">
            {t('setting.hint')}
          </p>
        </div>
        <button
          id={switchId}
          type="button"
          role="switch"
          aria-checked={setting.on}
          aria-describedby={`${switchId}-hint`}
          onClick={() => setting.choose(!setting.on)}
          className={clsx(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
            setting.on ? 'bg-amber-300' : 'bg-stone-700',
            focusRing,
          )}
        >
          <span
            aria-hidden
            className={clsx('inline-block size-5 rounded-full bg-stone-950 transition-transform', setting.on ? 'translate-x-6' : 'translate-x-1')}
          />
        </button>
      </div>
    </Card>
  );
}
