import { useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { ArrowLeft, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFamilyCircles } from '../../api/familyMe.ts';
import { ApiRequestError } from '../../api/request.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { buttonClasses, focusRing } from '../../ui/Button.tsx';
import { SkeletonLines } from '../../ui/SkeletonLines.tsx';
import { useReaderKey } from '../respond/readerKey.ts';
import { AnotherDevice } from './AnotherDevice.tsx';
import { CircleSettings } from './CircleSettings.tsx';
import { ReaderLanguage } from './ReaderLanguage.tsx';
import { SignOutHere } from './SignOutHere.tsx';

/**
 * /family/settings, a relative's own settings (issue 28), outside the app's shell like the
 * reading view: their language, their name and e-mails about new stories in each circle,
 * signing out on this device, and reading on another device through an account.
 */
export function ReaderSettingsPage() {
  const { t } = useTranslation('familyRespond');
  const errorText = useErrorText();
  const circles = useFamilyCircles();
  const reader = useReaderKey();
  const [signedOut, setSignedOut] = useState(false);

  // No family sign-in here (401), or one that reads no circle any more: nothing to set.
  const notReading = (circles.error instanceof ApiRequestError && circles.error.status === 401) || circles.data?.length === 0;
  if (signedOut || notReading) {
    return (
      <Frame back={false}>
        <SignedOut justNow={signedOut} />
      </Frame>
    );
  }
  return (
    <Frame back>
      <h1 className="text-2xl font-semibold text-stone-50">{t('settings.title')}</h1>
      {circles.isPending || !reader ? (
        circles.isError ? (
          <p role="alert" className="text-sm text-red-200">
            {errorText(circles.error)}
          </p>
        ) : (
          <div aria-busy="true" aria-label={t('loading')} className="grid gap-3">
            <SkeletonLines count={4} />
          </div>
        )
      ) : (
        <>
          <ReaderLanguage circles={circles.data!} />
          {circles.data!.map((circle) => (
            <CircleSettings key={circle.circle} circle={circle} reader={reader} />
          ))}
          <AnotherDevice circles={circles.data!} />
          <SignOutHere onSignedOut={() => setSignedOut(true)} />
        </>
      )}
    </Frame>
  );
}

function Frame({ back, children }: { back: boolean; children: ReactNode }) {
  const { t } = useTranslation('familyRespond');
  return (
    <div className="min-h-dvh bg-stone-950 text-stone-100">
      <main className="mx-auto grid w-full max-w-2xl gap-6 px-4 pt-4 pb-16">
        <div className="flex items-center justify-between gap-3">
          <span className="text-2xl font-semibold tracking-tight text-stone-50">Saaga</span>
          {back && (
            <Link to="/family" className={clsx('flex min-h-11 items-center gap-1.5 rounded-md text-sm text-stone-300 hover:text-stone-100', focusRing)}>
              <ArrowLeft aria-hidden className="size-4" />
              {t('settings.backToStories')}
            </Link>
          )}
        </div>
        {children}
      </main>
    </div>
  );
}

/** After "Sign out on this device", or a device that reads no circle (signed out elsewhere, removed). */
function SignedOut({ justNow }: { justNow: boolean }) {
  const { t } = useTranslation('familyRespond');
  return (
    <div className="mt-8 grid justify-items-center gap-4 text-center">
      <LogOut aria-hidden className="size-10 text-stone-500" />
      <h1 className="text-2xl font-semibold text-stone-50">{t(justNow ? 'signedOut.title' : 'signedOut.notReading')}</h1>
      <p className="max-w-sm text-stone-400">{t('signedOut.text')}</p>
      <Link to="/" className={buttonClasses('secondary', 'mt-2')}>
        {t('signedOut.home')}
      </Link>
    </div>
  );
}
