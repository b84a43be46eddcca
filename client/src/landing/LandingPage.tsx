import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../../contract/language-codes.ts';
import { BeforeAfter } from './BeforeAfter.tsx';
import { FinalCallToAction } from './FinalCallToAction.tsx';
import { Hero } from './Hero.tsx';
import { HowItWorks } from './HowItWorks.tsx';
import { LandingFooter } from './LandingFooter.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Pricing } from './Pricing.tsx';
import { TestimonialCarousel } from './TestimonialCarousel.tsx';

/** The page every signed-out visitor sees: what Saaga is, a sample, testimonials, prices and sign-in. */
export function LandingPage() {
  const { i18n } = useTranslation('landing');
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);

  // Screen readers pick their voice from the page language.
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  return (
    <div className="min-h-dvh bg-black text-stone-200 antialiased">
      <header className="absolute inset-x-0 top-0 z-10 flex justify-end p-4 sm:p-6">
        <LanguageSwitcher />
      </header>
      <main>
        <Hero />
        <HowItWorks />
        <BeforeAfter />
        <TestimonialCarousel />
        <Pricing />
        <FinalCallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
