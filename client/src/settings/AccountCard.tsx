import { LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../contract/auth.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';

/** Account card: who is signed in, and signing out (a navigation to /api/logout). */
export function AccountCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  return (
    <Card title={t('account.title')} icon={<UserRound aria-hidden className="size-5" />}>
      {user.email && <p className="mb-4 text-sm text-stone-300">{t('account.signedInAs', { email: user.email })}</p>}
      <Button variant="secondary" onClick={() => window.location.assign('/api/logout')}>
        <LogOut aria-hidden className="size-4" />
        {t('account.signOut')}
      </Button>
    </Card>
  );
}
