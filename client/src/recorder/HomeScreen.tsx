import { useState } from 'react';
import { Mic, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import clsx from 'clsx';
import { useCurrentUser } from '../api/currentUser.ts';
import { startSignIn } from '../landing/signIn.ts';
import { Button, focusRing } from '../ui/Button.tsx';
import { recordingLink } from '../recordings/recordingLink.ts';
import { browserRecordingEnvironment, recordingSupportProblems } from './recordingSupport.ts';
import { RecordingSupportBanner } from './RecordingSupportBanner.tsx';
import { UnsavedTakesNotice } from './UnsavedTakesNotice.tsx';
import { WaitingTakes } from './WaitingTakes.tsx';
import { TellAboutPictureButton } from '../photoPrompts/TellAboutPictureButton.tsx';
import { InstallSuggestion } from '../install/InstallSuggestion.tsx';

/**
 * Home (spec 2): the product title, the big record button, the tagline, the way to the
 * interviewer, "Tell me about a picture" (issue 27) and a warning when this browser cannot record. The record button opens the
 * recorder, /record.
 */
export function HomeScreen() {
  const { t } = useTranslation('recording');
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const [problems] = useState(() => recordingSupportProblems(browserRecordingEnvironment()));

  // Only a signed-in user records; anyone else is sent to sign in (spec 6).
  const whenSignedIn = (action: () => void) => () => (user ? action() : startSignIn('other'));

  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-8 text-center">
      <h1 className="text-4xl font-semibold tracking-tight text-stone-50">{t('home.title')}</h1>
      <RecordingSupportBanner problems={problems} />
      {user && <UnsavedTakesNotice />}
      {user && <WaitingTakes />}
      <button
        type="button"
        onClick={whenSignedIn(() => navigate(recordingLink()))}
        disabled={problems.length > 0}
        aria-label={t('home.startRecording')}
        className={clsx(
          'flex size-40 items-center justify-center rounded-full bg-amber-300 text-stone-950 shadow-2xl shadow-amber-900/40 ring-8 ring-amber-300/15',
          'transition-transform hover:scale-105 active:scale-95 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:scale-100',
          focusRing,
        )}
      >
        <Mic aria-hidden className="size-16" />
      </button>
      <p className="max-w-sm text-lg text-stone-300">{t('home.tagline')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={whenSignedIn(() => navigate('/interviewer'))}>
          <Sparkles aria-hidden className="size-4 text-amber-300" />
          {t('home.inspiration')}
        </Button>
        {problems.length === 0 && <TellAboutPictureButton onPress={(pick) => whenSignedIn(pick)()} />}
      </div>
      {user && <InstallSuggestion />}
    </div>
  );
}
