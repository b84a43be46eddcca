import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiRequestError } from '../api/request.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { buttonClasses } from '../ui/Button.tsx';
import { AuthPageFrame } from './AuthPageFrame.tsx';
import { useVerifyEmail } from '../api/emailVerification.ts';

/** The page a verification e-mail links to: opening it verifies the address, once. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const token = useSearchParams()[0].get('token') ?? '';
  const verify = useVerifyEmail(token);
  const toApp = (
    <Link to="/" className={buttonClasses('primary', 'mt-8')}>
      {t('verify.toApp')}
    </Link>
  );

  if (token && verify.isPending) {
    return (
      <AuthPageFrame title={t('verify.working')}>
        <p role="status" className="mt-6 text-stone-300">
          {t('working')}
        </p>
      </AuthPageFrame>
    );
  }
  if (verify.isSuccess) {
    return (
      <AuthPageFrame title={t('verify.doneTitle')}>
        <p role="status" className="mt-6 rounded-xl border border-emerald-400/30 bg-emerald-950/40 px-4 py-4 text-emerald-50">
          {t('verify.done', { email: verify.data.email })}
        </p>
        {toApp}
      </AuthPageFrame>
    );
  }
  // No token, or one that is spent, expired or unknown: say so plainly. Anything else (network, too many tries) in the server's words.
  const spent = !token || (verify.error instanceof ApiRequestError && verify.error.code === 'verification_link_invalid');
  return (
    <AuthPageFrame title={spent ? t('verify.invalidTitle') : t('verify.failedTitle')}>
      <p role="alert" className="mt-6 rounded-xl border border-stone-700 bg-stone-900 px-4 py-4 text-stone-100">
        {spent ? t('verify.invalid') : errorText(verify.error)}
      </p>
      {toApp}
    </AuthPageFrame>
  );
}
