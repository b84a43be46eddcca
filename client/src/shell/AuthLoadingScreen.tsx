import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Shown while the session is being checked on a page that needs one. */
export function AuthLoadingScreen() {
  const { t } = useTranslation('shell');
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-stone-950 text-stone-300">
      <LoaderCircle aria-hidden className="size-8 animate-spin text-amber-300" />
      <p>{t('loading')}</p>
    </div>
  );
}
