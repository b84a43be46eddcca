import { useMutation } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/request.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { toast } from '../ui/toastStore.ts';

/** Admin settings: send the welcome e-mail to one's own address, to check e-mail delivery. */
export function AdminSettingsPage() {
  const { t } = useTranslation('settings');
  const sendTestEmail = useMutation({
    mutationFn: () => apiRequest<{ id?: string }>('POST', '/api/email/welcome'),
    onSuccess: (body) => toast({ title: t('admin.testEmailSent', { id: body?.id ?? '' }) }),
    onError: () => toast({ title: t('admin.testEmailFailed'), variant: 'destructive' }),
  });

  return (
    <>
      <PageHeader title={t('admin.title')} backTo="/settings" />
      <Card title={t('admin.email.title')} description={t('admin.email.description')} icon={<Mail aria-hidden className="size-5" />}>
        <Button onClick={() => sendTestEmail.mutate()} disabled={sendTestEmail.isPending}>
          {sendTestEmail.isPending ? t('admin.sending') : t('admin.sendTestEmail')}
        </Button>
      </Card>
    </>
  );
}
