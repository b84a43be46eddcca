import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { useInstallSuggestion } from './installPrompt.ts';

/**
 * "Put Saaga on your home screen", on the home screen from the second visit (installSuggestion.ts):
 * Chrome's own install prompt on the button, or on an iPhone the words for Safari's Share
 * menu. "Not now" dismisses it for good.
 */
export function InstallSuggestion() {
  const { t } = useTranslation('installable');
  const { way, install, dismiss } = useInstallSuggestion();
  if (way === 'none') return null;
  return (
    <section aria-labelledby="install-suggestion" className="w-full max-w-sm rounded-xl border border-stone-700 bg-stone-900 p-4 text-left">
      <h2 id="install-suggestion" className="font-medium text-stone-50">
        {t('suggestion.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-300">{way === 'ios' ? t('suggestion.ios') : t('suggestion.body')}</p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={dismiss}>
          {t('suggestion.notNow')}
        </Button>
        {way === 'prompt' && <Button onClick={() => void install()}>{t('suggestion.install')}</Button>}
      </div>
    </section>
  );
}
