import { useTranslation } from 'react-i18next';
import { MainSignInButton } from './MainSignInButton.tsx';

/** Opening screen: the name, how to say it, what Saaga does and the sign-in button, on black like the splash before it. */
export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="landing-title" className="relative isolate overflow-hidden bg-black">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-radial-[ellipse_at_50%_0%] from-amber-700/25 via-amber-950/10 to-transparent to-70%"
      />
      <div className="mx-auto flex min-h-[88dvh] max-w-2xl flex-col items-center justify-center px-6 pt-24 pb-16 text-center">
        <h1 id="landing-title" className="font-serif text-7xl font-medium tracking-tight text-white sm:text-8xl">
          {t('hero.title')}
        </h1>
        <p className="mt-3 text-sm text-stone-400 sm:text-base">
          <span aria-hidden="true" className="font-mono text-stone-500">
            {t('hero.ipa')}
          </span>
          <span aria-hidden="true" className="mx-2 text-stone-600">
            ·
          </span>
          <span className="italic">{t('hero.pronunciation')}</span>
        </p>
        <p className="mt-10 font-serif text-2xl leading-snug text-amber-100 sm:text-3xl">{t('hero.subtitle')}</p>
        <p className="mt-5 text-base leading-relaxed text-stone-300 sm:text-lg">{t('hero.description')}</p>
        <MainSignInButton className="mt-10 w-full sm:w-auto" />
        <p className="mt-4 text-sm text-stone-400">{t('hero.note')}</p>
      </div>
    </section>
  );
}
