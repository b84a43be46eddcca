import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage, type Language } from '../../../contract/language-codes.ts';
import { rememberLanguage, switchLanguage } from '../i18n/appLanguage.ts';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fi: 'Suomi' };

/** EN / FI toggle for signed-out visitors: switches the interface language and remembers the choice. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('landing');
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);

  const choose = (language: Language) => {
    rememberLanguage(language);
    switchLanguage(language);
  };

  return (
    <div
      role="group"
      aria-label={t('languageSwitcher.label')}
      className="inline-flex rounded-full border border-white/15 bg-white/5 p-1"
    >
      {LANGUAGES.map((language) => {
        const pressed = language === current;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            title={LANGUAGE_NAMES[language]}
            aria-pressed={pressed}
            onClick={() => choose(language)}
            className={`min-h-9 min-w-11 rounded-full px-3 text-sm font-medium tracking-wide transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300 ${
              pressed ? 'bg-stone-100 text-stone-950' : 'text-stone-300 hover:bg-white/10 hover:text-white'
            }`}
          >
            {language.toUpperCase()}
          </button>
        );
      })}
    </div>
  );
}
