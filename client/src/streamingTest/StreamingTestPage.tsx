import { Mic, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../api/currentUser.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { Button, buttonClasses } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { useStreamingTest } from './useStreamingTest.ts';

/**
 * /streaming-test (spec "Streaming transcription test page", 7.11): outside the shell, for a
 * signed-in person. Start records and streams 200 ms chunks; the words the service hears
 * appear; Stop ends the recording; a link back to the app.
 */
export function StreamingTestPage() {
  const { t } = useTranslation('live');
  const currentUser = useCurrentUser();
  const signedOut = !currentUser.isPending && !currentUser.data;

  return (
    <div className="min-h-dvh bg-stone-950 text-stone-100">
      <main className="mx-auto w-full max-w-2xl px-4 py-8">
        <h1 className="mb-2 text-2xl font-semibold text-stone-50">{t('test.title')}</h1>
        <p className="mb-6 text-sm text-stone-400">{t('test.description')}</p>
        {signedOut ? (
          <Card>
            <p className="text-sm text-stone-200">{t('test.signIn')}</p>
            <Link to="/sign-in" className={buttonClasses('primary', 'mt-4')}>
              {t('test.signInLink')}
            </Link>
          </Card>
        ) : (
          <StreamingTest />
        )}
        <div className="mt-6">
          <Link to="/" className={buttonClasses('secondary')}>
            {t('test.backToApp')}
          </Link>
        </div>
      </main>
    </div>
  );
}

function StreamingTest() {
  const { t } = useTranslation('live');
  const { phase, error, text, start, stop } = useStreamingTest();

  return (
    <Card>
      <div className="flex flex-wrap items-center gap-3">
        {phase === 'recording' ? (
          <Button variant="destructive" onClick={stop}>
            <Square aria-hidden className="size-4 fill-current" />
            {t('test.stop')}
          </Button>
        ) : (
          <Button onClick={() => void start()} disabled={phase === 'starting'}>
            <Mic aria-hidden className="size-4" />
            {t('test.start')}
          </Button>
        )}
        <p role="status" className="flex items-center gap-2 text-sm text-stone-300">
          {phase === 'recording' && (
            <>
              <span aria-hidden className="size-2.5 animate-pulse rounded-full bg-red-500" />
              {t('test.recording')}
            </>
          )}
        </p>
      </div>
      {error && (
        <div className="mt-4">
          <FormAlert>{t(`test.${error}`)}</FormAlert>
        </div>
      )}
      <h2 className="mt-5 text-sm font-medium text-stone-200">{t('test.transcript')}</h2>
      <div
        aria-live="polite"
        data-testid="streaming-text"
        className="mt-2 min-h-24 rounded-xl border border-stone-800 bg-stone-950/60 px-4 py-3 text-base leading-relaxed"
      >
        {text ? <p className="whitespace-pre-wrap text-stone-100">{text}</p> : <p className="text-sm text-stone-500">{t('test.empty')}</p>}
      </div>
    </Card>
  );
}
