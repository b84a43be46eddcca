import { useState } from 'react';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SignedInDevice } from '../../../contract/sessions.ts';
import { useSignedInDevices, useSignOutDevice, useSignOutOtherDevices } from '../api/signedInDevices.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate, formatRelativeTime } from '../i18n/format.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { toast } from '../ui/toastStore.ts';

/**
 * Signed-in devices: each browser signed in to the account, when it was last used, this one
 * marked. Another device is signed out with its own button; all the others at once after
 * confirming. This device signs out with the Account card's Sign out.
 */
export function SignedInDevicesCard() {
  const { t } = useTranslation('settings');
  const devices = useSignedInDevices();
  const signOutOthers = useSignOutOtherDevices();
  const [confirming, setConfirming] = useState(false);
  const others = devices.data?.filter((device) => !device.current) ?? [];

  const confirmSignOutOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t('devices.othersSignedOut') });
      },
      onError: () => {
        setConfirming(false);
        toast({ title: t('devices.othersFailed'), variant: 'destructive' });
      },
    });

  return (
    <Card title={t('devices.title')} description={t('devices.description')} icon={<MonitorSmartphone aria-hidden className="size-5" />}>
      {devices.data ? (
        <div className="grid gap-4">
          <ul className="grid gap-3" aria-label={t('devices.title')}>
            {devices.data.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="text-sm text-stone-400">{t('devices.onlyThis')}</p>
          ) : (
            <div className="justify-self-start">
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                <LogOut aria-hidden className="size-4" />
                {t('devices.signOutOthers')}
              </Button>
            </div>
          )}
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('devices.confirmOthers.title')}
            description={t('devices.confirmOthers.description')}
            confirmLabel={t('devices.confirmOthers.confirm')}
            onConfirm={confirmSignOutOthers}
            pending={signOutOthers.isPending}
            destructive
          />
        </div>
      ) : devices.isError ? (
        <div role="alert" className="grid justify-items-start gap-3">
          <p className="text-sm text-red-100">{t('devices.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void devices.refetch()}>
            {t('devices.retry')}
          </Button>
        </div>
      ) : (
        <div aria-busy="true" aria-label={t('devices.loading')} className="h-16 animate-pulse rounded-lg bg-stone-800" />
      )}
    </Card>
  );
}

function DeviceRow({ device }: { device: SignedInDevice }) {
  const { t } = useTranslation('settings');
  const language = useLanguage();
  const signOut = useSignOutDevice();
  const name = useDeviceName(device);

  const signOutDevice = () =>
    signOut.mutate(device.id, {
      onSuccess: () => toast({ title: t('devices.deviceSignedOut', { device: name }) }),
      onError: () => toast({ title: t('devices.deviceFailed'), variant: 'destructive' }),
    });

  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-stone-800 bg-stone-950/40 px-4 py-3">
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium text-stone-100">
          {name}
          {device.current && (
            <span className="rounded-full bg-amber-300/15 px-2 py-0.5 text-xs font-semibold text-amber-200">{t('devices.thisDevice')}</span>
          )}
        </p>
        <p className="text-sm text-stone-400">
          {t('devices.lastUsed', { time: formatRelativeTime(device.lastUsedAt, language, Math.max(Date.now(), Date.parse(device.lastUsedAt))) })}
        </p>
        <p className="text-xs text-stone-500">{t('devices.signedInAt', { date: formatDate(device.signedInAt, language) })}</p>
      </div>
      {!device.current && (
        <Button variant="ghost" onClick={signOutDevice} disabled={signOut.isPending} aria-label={t('devices.signOutDevice', { device: name })}>
          <LogOut aria-hidden className="size-4" />
          {t('devices.signOut')}
        </Button>
      )}
    </li>
  );
}

/** "Chrome on Android", in the interface language; what was not recognised is left out. */
function useDeviceName({ browser, os }: Pick<SignedInDevice, 'browser' | 'os'>): string {
  const { t } = useTranslation('settings');
  if (browser && os) return t('devices.name.browserOnOs', { browser, os });
  if (browser) return browser;
  if (os) return t('devices.name.osOnly', { os });
  return t('devices.name.unknown');
}
