import type { LucideIcon } from 'lucide-react';
import { BookHeart, Mic, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const STEPS: readonly { key: 'record' | 'write' | 'share'; Icon: LucideIcon }[] = [
  { key: 'record', Icon: Mic },
  { key: 'write', Icon: Sparkles },
  { key: 'share', Icon: BookHeart },
];

/** The three steps from a spoken memory to a story the family keeps. */
export function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="landing-steps" className="border-t border-white/5 bg-stone-950 px-6 py-20 sm:py-24">
      <div className="mx-auto max-w-5xl">
        <h2 id="landing-steps" className="text-center font-serif text-3xl text-white sm:text-4xl">
          {t('steps.heading')}
        </h2>
        <ol className="mx-auto mt-12 grid max-w-2xl gap-10 md:max-w-none md:grid-cols-3 md:gap-8">
          {STEPS.map(({ key, Icon }, i) => (
            <li key={key} className="flex gap-5 md:flex-col md:items-center md:text-center">
              <div className="relative shrink-0">
                <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-200/10 text-amber-200 ring-1 ring-amber-200/20">
                  <Icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
                </span>
                <span
                  aria-hidden="true"
                  className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-stone-100 text-xs font-semibold text-stone-900"
                >
                  {i + 1}
                </span>
              </div>
              <div>
                <h3 className="text-lg font-semibold text-stone-50">{t(`steps.${key}.title`)}</h3>
                <p className="mt-2 leading-relaxed text-stone-400">{t(`steps.${key}.body`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
