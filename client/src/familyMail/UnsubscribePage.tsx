import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useUnsubscribe } from '../api/familyMail.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { AuthPageFrame } from '../auth/AuthPageFrame.tsx';
import { Button, buttonClasses } from '../ui/Button.tsx';

/**
 * /unsubscribe?token=: the page an e-mail's "Stop them" link (and a GET of the List-Unsubscribe
 * address) leads to. Opening it changes nothing, so a mail scanner that follows links stops no
 * e-mail; the button does (the same POST as a mail program's one-click unsubscribe).
 */
export function UnsubscribePage() {
  const { t } = useTranslation('familyMail');
  const errorText = useErrorText();
  const token = useSearchParams()[0].get('token') ?? '';
  const stop = useUnsubscribe();

  if (stop.isSuccess) {
    return (
      <AuthPageFrame title={t('unsubscribe.doneTitle')}>
        <p role="status" className="mt-6 rounded-xl border border-emerald-400/30 bg-emerald-950/40 px-4 py-4 text-emerald-50">
          {stop.data.stopped === 'weekly' ? t('unsubscribe.doneWeekly') : t('unsubscribe.doneNotices')}
        </p>
        <Link to="/" className={buttonClasses('secondary', 'mt-8')}>
          {t('unsubscribe.toApp')}
        </Link>
      </AuthPageFrame>
    );
  }
  return (
    <AuthPageFrame title={t('unsubscribe.title')}>
      <p className="mt-6 text-stone-300">{t('unsubscribe.explain')}</p>
      {stop.isError && (
        <p role="alert" className="mt-6 rounded-xl border border-stone-700 bg-stone-900 px-4 py-4 text-stone-100">
          {errorText(stop.error)}
        </p>
      )}
      <Button className="mt-8" onClick={() => stop.mutate(token)} disabled={!token || stop.isPending}>
        {stop.isPending ? t('unsubscribe.stopping') : t('unsubscribe.stop')}
      </Button>
    </AuthPageFrame>
  );
}
