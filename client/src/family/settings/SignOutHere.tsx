import { useState } from 'react';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFamilySignOut } from '../../api/familyMe.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toastStore.ts';

/** "Sign out on this device" (asks first): this browser stops reading; the membership stays. */
export function SignOutHere({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation('familyRespond');
  const errorText = useErrorText();
  const signOut = useFamilySignOut();
  const [asking, setAsking] = useState(false);

  const confirm = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        onSignedOut();
      },
      onError: (error) => toast({ title: t('settings.signOutFailed'), description: errorText(error), variant: 'destructive' }),
    });

  return (
    <Card title={t('settings.signOut')} description={t('settings.signOutHint')} icon={<LogOut aria-hidden className="size-5" />}>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('settings.signOut')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('settings.signOutTitle')}
        description={t('settings.signOutText')}
        confirmLabel={t('settings.signOut')}
        onConfirm={confirm}
        pending={signOut.isPending}
      />
    </Card>
  );
}
