import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { updateNow, useUpdateWaiting } from './registration.ts';

/**
 * "A new version of Saaga is ready" with "Update now", while one waits (registration.ts).
 * "Later" hides it; the new version is then taken on the app's next start.
 */
export function UpdateBanner() {
  const { t } = useTranslation('installable');
  const waiting = useUpdateWaiting();
  const [later, setLater] = useState(false);
  if (!waiting || later) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-[95] mx-auto w-full max-w-md p-4"
    >
      <div className="flex flex-col gap-3 rounded-xl border border-stone-700 bg-stone-900 p-4 text-stone-50 shadow-lg">
        <p className="text-sm">{t('update.ready')}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => setLater(true)}>
            {t('update.later')}
          </Button>
          <Button onClick={updateNow}>{t('update.now')}</Button>
        </div>
      </div>
    </div>
  );
}
