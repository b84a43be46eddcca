import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../contract/auth.ts';
import type { Language } from '../../../contract/languages.ts';
import { useSaveLanguagePreference } from '../api/currentUser.ts';
import { rememberLanguage, switchLanguage } from '../i18n/appLanguage.ts';
import { Button } from '../ui/Button.tsx';
import { toast } from '../ui/toastStore.ts';

const keepOpen = (event: Event) => event.preventDefault();

/**
 * First-time welcome: a user without a language preference picks one. It cannot be
 * dismissed (no Escape, no outside click, no close button) and hides while saving.
 */
export function LanguageWelcomeDialog({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('shell');
  const save = useSaveLanguagePreference();
  const open = user.languagePreference === null && !save.isPending;

  const choose = (language: Language) => {
    switchLanguage(language);
    rememberLanguage(language);
    save.mutate(language, {
      onError: () => toast({ title: t('welcome.saveFailed'), variant: 'destructive' }),
    });
  };

  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          className="fixed top-1/2 left-1/2 z-[70] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-stone-700 bg-stone-900 p-6 text-stone-100 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-semibold">{t('welcome.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-stone-300">{t('welcome.description')}</Dialog.Description>
          <div className="mt-6 grid gap-3">
            {/* Each button speaks its own language, whatever the interface language is. */}
            <Button lang="en" onClick={() => choose('en')}>
              <span aria-hidden>🇬🇧</span> Continue in English
            </Button>
            <Button lang="fi" variant="secondary" onClick={() => choose('fi')}>
              <span aria-hidden>🇫🇮</span> Jatka suomeksi
            </Button>
          </div>
          <p className="mt-4 text-xs text-stone-400">{t('welcome.changeLater')}</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
