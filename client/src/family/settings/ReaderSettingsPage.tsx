import { useState } from 'react';
import clsx from 'clsx';
import { ArrowLeft, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toLanguage } from '../../../../contract/languages.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { buttonClasses, focusRing } from '../../ui/Button.tsx';
import { SkeletonLines } from '../../ui/SkeletonLines.tsx';
import { FamilyFrame } from '../FamilyFrame.tsx';
import { isSignedOut, useFamilyCircles } from '../../api/familyReading.ts';
import { useReaderKey } from '../respond/readerKey.ts';
import { AnotherDevice } from './AnotherDevice.tsx';
import { CircleSettings } from './CircleSettings.tsx';
import { ReaderLanguage } from './ReaderLanguage.tsx';
import { SignOutHere } from './SignOutHere.tsx';

/**
 * /family/settings, a relative's own settings (issue 28), in the reading pages' frame and
 * language: their language, their name and e-mails about new stories in each circle, signing
 * out on this device, and reading on another device through an account.
 */
export function ReaderSettingsPage() {
  const circles = useFamilyCircles();
  const [signedOut, setSignedOut] = useState(false);
  const language = circles.data?.[0]?.language;
  // No family sign-in here (401), or one that reads no circle any more: nothing to set.
  const notReading = isSignedOut(circles.error) || circles.data?.length === 0;
  return (
    <FamilyFrame language={language ? toLanguage(language) : null}>
      {signedOut || notReading ? <SignedOut justNow={signedOut} /> : <Settings onSignedOut={() => setSignedOut(true)} />}
    </FamilyFrame>
  );
}

function Settings({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation('familyRespond');
  const errorText = useErrorText();
  const circles = useFamilyCircles();
  const reader = useReaderKey();
  return (
    <div className="mt-4 grid gap-6">
      <Link to="/family" className={clsx('flex items-center gap-1 self-start justify-self-start rounded text-sm font-medium text-amber-200 hover:text-amber-100', focusRing)}>
        <ArrowLeft aria-hidden className="size-4" />
        {t('settings.backToStories')}
      </Link>
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
          <SignOutHere onSignedOut={onSignedOut} />
        </>
      )}
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
