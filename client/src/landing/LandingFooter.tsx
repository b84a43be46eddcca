import { useTranslation } from 'react-i18next';

/** A quiet sign-off: name, one line and the year. */
export function LandingFooter() {
  const { t } = useTranslation('landing');
  return (
    <footer className="border-t border-white/10 bg-black px-6 py-10 text-center text-sm text-stone-500">
      <p className="font-serif text-lg text-stone-300">Saaga</p>
      <p className="mt-1">{t('footer.tagline')}</p>
      <p className="mt-4">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
