import { useMutation } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/request.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { toast } from '../ui/toastStore.ts';

/** What POST /api/email/welcome answers: the message id and whether it went to a mail server or the outbox folder. */
interface SentEmail {
  id: string;
  delivery: 'smtp' | 'outbox';
}

/** Admin settings: send the welcome e-mail to one's own address, to check e-mail delivery. */
export function AdminSettingsPage() {
  const { t } = useTranslation('settings');
  const sendTestEmail = useMutation({
    mutationFn: () => apiRequest<SentEmail>('POST', '/api/email/welcome'),
    onSuccess: (body) => toast({ title: t('admin.testEmailSent', { id: body.id }) }),
    onError: () => toast({ title: t('admin.testEmailFailed'), variant: 'destructive' }),
  });
  const sent = sendTestEmail.isSuccess ? sendTestEmail.data : undefined;

  return (
    <>
      <PageHeader title={t('admin.title')} backTo="/settings" />
      <Card title={t('admin.email.title')} description={t('admin.email.description')} icon={<Mail aria-hidden className="size-5" />}>
        <div className="grid gap-3">
          <Button onClick={() => sendTestEmail.mutate()} disabled={sendTestEmail.isPending}>
            {sendTestEmail.isPending ? t('admin.sending') : t('admin.sendTestEmail')}
          </Button>
          {sent && (
            <p role="status" className="rounded-lg border border-amber-400/30 bg-amber-950/40 px-3 py-2 text-sm break-words text-amber-50">
              {sent.delivery === 'smtp' ? t('admin.email.sentSmtp', { id: sent.id }) : t('admin.email.sentOutbox', { id: sent.id })}
            </p>
          )}
          <FormAlert>{sendTestEmail.isError ? t('admin.testEmailFailed') : null}</FormAlert>
        </div>
      </Card>
    </>
  );
}
