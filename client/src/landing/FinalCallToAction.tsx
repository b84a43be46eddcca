import { useTranslation } from 'react-i18next';
import { MainSignInButton } from './MainSignInButton.tsx';
import { startSignIn } from './signIn.ts';
import { useLandingActions } from './landingActions.ts';

/** Closing invitation: the main way in, and the other providers' button when Google is the main one. */
export function FinalCallToAction() {
  const { t } = useTranslation('landing');
  // Without Google the main button already leads to the page that lists every way in.
  const offersOthers = useLandingActions().providers?.google === true;
  return (
    <section aria-labelledby="landing-final-cta" className="relative isolate overflow-hidden border-t border-white/5 bg-stone-950 px-6 py-20 sm:py-28">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-radial-[ellipse_at_50%_100%] from-amber-700/20 to-transparent to-70%"
      />
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="landing-final-cta" className="font-serif text-3xl text-white sm:text-4xl">
          {t('finalCta.heading')}
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-stone-300">{t('finalCta.body')}</p>
        <div className="mt-10 flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-center">
          <MainSignInButton />
          {offersOthers && (
            <button
              type="button"
              onClick={() => startSignIn('other')}
              className="inline-flex min-h-12 items-center justify-center rounded-full px-6 text-base font-medium text-stone-200 ring-1 ring-white/25 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-amber-300"
            >
              {t('signIn.other')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
