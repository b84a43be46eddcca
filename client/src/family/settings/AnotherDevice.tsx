import { CheckCircle2, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FamilyCircleView } from '../../../../contract/family.ts';
import { FAMILY_SETTINGS_PATH, returnHereAfterSignIn } from '../../accountDeletion/returnAfterSignIn.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { useClaimCircles } from '../../api/familyMe.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { toast } from '../../ui/toastStore.ts';

/**
 * "Read on another device": the circles this device reads go onto an account, and signing in
 * with it on any device reads them there. Signed out: sign in or create an account, which
 * comes back here; signed in: add them (POST /api/family/claim); done: says so.
 */
export function AnotherDevice({ circles }: { circles: FamilyCircleView[] }) {
  const { t } = useTranslation('familyRespond');
  const errorText = useErrorText();
  const user = useCurrentUser().data ?? null;
  const claim = useClaimCircles();
  const onAccount = circles.every((circle) => circle.onAccount);

  const add = () =>
    claim.mutate(undefined, {
      onSuccess: () => toast({ title: t('settings.claimed') }),
      onError: (error) => toast({ title: t('settings.claimFailed'), description: errorText(error, { orServerMessage: true }), variant: 'destructive' }),
    });

  return (
    <Card title={t('settings.anotherDevice')} description={t('settings.anotherDeviceHint')} icon={<Smartphone aria-hidden className="size-5" />}>
      {onAccount ? (
        <p role="status" className="flex items-start gap-2 text-sm text-emerald-100">
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-300" />
          {user ? t('settings.onAccountAs', { account: user.email ?? user.firstName ?? '' }) : t('settings.onAccount')}
        </p>
      ) : user ? (
        <div className="grid justify-items-start gap-3">
          <p className="text-sm text-stone-300">{t('settings.signedInAs', { account: user.email ?? user.firstName ?? '' })}</p>
          <Button onClick={add} disabled={claim.isPending}>
            {claim.isPending ? t('settings.claiming') : t('settings.claim')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Link to="/sign-in" onClick={() => returnHereAfterSignIn(FAMILY_SETTINGS_PATH)} className={buttonClasses('primary')}>
            {t('settings.signIn')}
          </Link>
          <Link to="/sign-in?mode=create" onClick={() => returnHereAfterSignIn(FAMILY_SETTINGS_PATH)} className={buttonClasses('secondary')}>
            {t('settings.createAccount')}
          </Link>
        </div>
      )}
    </Card>
  );
}
