import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/currentUser.ts';
import { useSendTestEmail } from '../api/emailVerification.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { EmailVerificationCard } from '../auth/EmailVerificationCard.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { toast } from '../ui/toastStore.ts';

/**
 * Admin settings: send the welcome e-mail to one's own address, to check e-mail delivery.
 * Only to a verified address: until then the page offers to send the verification link again.
 */
export function AdminSettingsPage() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const user = useCurrentUser().data;
  const sendTestEmail = useSendTestEmail();
  const send = () =>
    sendTestEmail.mutate(undefined, {
      // The toast says where the message went: a mail server, or the outbox folder on the server.
      onSuccess: (body) => toast({ title: t(body.delivery === 'smtp' ? 'admin.testEmailSentSmtp' : 'admin.testEmailSentOutbox', { id: body.id }) }),
      onError: (error) => toast({ title: t('admin.testEmailFailed'), description: errorText(error), variant: 'destructive' }),
    });
  const sent = sendTestEmail.isSuccess ? sendTestEmail.data : undefined;
  const unverified = user !== undefined && user !== null && !user.emailVerified;

  return (
    <>
      <PageHeader title={t('admin.title')} backTo="/settings" />
      <div className="grid gap-4">
        {user && <EmailVerificationCard user={user} />}
        <Card title={t('admin.email.title')} description={t('admin.email.description')} icon={<Mail aria-hidden className="size-5" />}>
          <div className="grid gap-3">
            {unverified && <p className="text-sm text-stone-300">{t('admin.email.verifyFirst')}</p>}
            <Button onClick={send} disabled={sendTestEmail.isPending || unverified}>
              {sendTestEmail.isPending ? t('admin.sending') : t('admin.sendTestEmail')}
            </Button>
            {sent && (
              <p role="status" className="rounded-lg border border-amber-400/30 bg-amber-950/40 px-3 py-2 text-sm break-words text-amber-50">
                {sent.delivery === 'smtp' ? t('admin.email.sentSmtp', { id: sent.id }) : t('admin.email.sentOutbox', { id: sent.id })}
              </p>
            )}
            <FormAlert>{sendTestEmail.isError ? errorText(sendTestEmail.error) : null}</FormAlert>
          </div>
        </Card>
      </div>
    </>
  );
}
