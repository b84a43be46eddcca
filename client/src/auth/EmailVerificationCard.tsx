import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../contract/auth.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { useResendVerification } from '../api/emailVerification.ts';

/** "Not verified yet", with "Send the link again": shown until the account's address is verified. */
export function EmailVerificationCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const resend = useResendVerification();
  if (!user.email || user.emailVerified) return null;
  return (
    <Card title={t('verification.title')} icon={<Mail aria-hidden className="size-5" />}>
      <p className="mb-4 text-sm text-stone-300">{t('verification.notVerified', { email: user.email })}</p>
      <div className="grid gap-3">
        <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? t('verification.sending') : t('verification.sendAgain')}
        </Button>
        {resend.isSuccess && (
          <p role="status" className="text-sm text-stone-300">
            {t('verification.sent', { email: resend.data.email })}
          </p>
        )}
        <FormAlert>{resend.isError ? errorText(resend.error) : null}</FormAlert>
      </div>
    </Card>
  );
}
