import { useState } from 'react';
import { QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRevokeListeningLinks } from '../api/printBook.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { toast } from '../ui/toastStore.ts';

/**
 * The book's listening links (the QR codes of stories that are not published): turned off
 * after a question that says plainly the printed codes stop playing.
 */
export function ListeningLinksCard({ bookId }: { bookId: number }) {
  const { t } = useTranslation('print');
  const errorText = useErrorText();
  const revoke = useRevokeListeningLinks(bookId);
  const [asking, setAsking] = useState(false);

  const confirm = () =>
    revoke.mutate(undefined, {
      onSuccess: (revoked) => {
        setAsking(false);
        toast({ title: t('links.turnedOff'), description: revoked > 0 ? t('links.turnedOffCount', { count: revoked }) : t('links.noneActive') });
      },
      onError: (error) => {
        setAsking(false);
        toast({ title: t('links.failed'), description: errorText(error), variant: 'destructive' });
      },
    });

  return (
    <Card title={t('links.title')} description={t('links.description')} icon={<QrCode aria-hidden className="size-5" />}>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('links.turnOff')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('links.confirmTitle')}
        description={t('links.confirmDescription')}
        confirmLabel={t('links.confirm')}
        destructive
        pending={revoke.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
