import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuroPrice, formatWordCount, PLANS } from './pricing.ts';
import { mainSignIn, startSignIn } from './signIn.ts';
import { useLandingActions } from './landingActions.ts';

function PlanCard({
  name,
  tagline,
  price,
  features,
  highlighted,
  action,
}: {
  name: string;
  tagline: string;
  price: string;
  features: string[];
  highlighted: boolean;
  action: ReactNode;
}) {
  const { t } = useTranslation('landing');
  return (
    <article
      className={`flex flex-col rounded-3xl p-7 sm:p-8 ${
        highlighted ? 'bg-stone-50 text-stone-900 shadow-2xl shadow-amber-900/20' : 'bg-stone-900 text-stone-200 ring-1 ring-white/10'
      }`}
    >
      <h3 className="font-serif text-2xl">{name}</h3>
      <p className={`mt-1 text-sm ${highlighted ? 'text-stone-600' : 'text-stone-400'}`}>{tagline}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-4xl font-semibold tracking-tight">{price}</span>
        <span className={`text-sm ${highlighted ? 'text-stone-600' : 'text-stone-400'}`}>{t('pricing.perMonth')}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3">
        {features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${highlighted ? 'text-amber-700' : 'text-amber-300'}`} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </article>
  );
}

const buttonBase =
  'inline-flex min-h-12 w-full items-center justify-center rounded-full px-6 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400';

/** The free and premium plans with prices written the visitor's way. */
export function Pricing() {
  const { t, i18n } = useTranslation('landing');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { providers, goTo } = useLandingActions();
  const signIn = mainSignIn(providers);

  return (
    <section aria-labelledby="landing-pricing" className="bg-black px-6 py-20 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="landing-pricing" className="font-serif text-3xl text-white sm:text-4xl">
          {t('pricing.heading')}
        </h2>
        <p className="mt-4 leading-relaxed text-stone-400">{t('pricing.intro')}</p>
      </div>
      <div className="mx-auto mt-12 grid max-w-3xl gap-6 sm:grid-cols-2">
        <PlanCard
          name={t('pricing.free.name')}
          tagline={t('pricing.free.tagline')}
          price={formatEuroPrice(PLANS.free.monthlyPriceEur, language)}
          features={[
            t('pricing.free.words', { words: formatWordCount(PLANS.free.wordsPerMonth, language) }),
            t('pricing.free.styles'),
            t('pricing.free.share'),
          ]}
          highlighted={false}
          action={
            <button
              type="button"
              onClick={() => (signIn.kind === 'google' ? startSignIn('google') : goTo(signIn.to))}
              className={`${buttonBase} bg-white/10 text-white ring-1 ring-white/20 hover:bg-white/15`}
            >
              {t('pricing.free.cta')}
            </button>
          }
        />
        <PlanCard
          name={t('pricing.premium.name')}
          tagline={t('pricing.premium.tagline')}
          price={formatEuroPrice(PLANS.premium.monthlyPriceEur, language)}
          features={[t('pricing.premium.words'), t('pricing.premium.everything')]}
          highlighted
          action={
            // The spec gives the premium button no action.
            <button type="button" className={`${buttonBase} bg-stone-900 text-white hover:bg-stone-800`}>
              {t('pricing.premium.cta')}
            </button>
          }
        />
      </div>
    </section>
  );
}
