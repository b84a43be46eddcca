import { useMemo, type ReactNode } from 'react';
import clsx from 'clsx';
import { LinkIcon } from 'lucide-react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '../../../contract/languages.ts';
import i18n from '../i18n/index.ts';
import { buttonClasses, focusRing } from '../ui/Button.tsx';

/**
 * The frame of a family reader's pages: outside the app's shell (a relative has no account),
 * in the reader's language through a copy of the translations of its own, so that a
 * signed-in browser's own language stays as it is. Without a language yet: the app's.
 */
export function FamilyFrame({ language, children }: { language?: Language | null; children: ReactNode }) {
  const instance = useMemo(() => (language ? i18n.cloneInstance({ lng: language }) : i18n), [language]);
  return (
    <I18nextProvider i18n={instance}>
      <div lang={language ?? undefined} className="min-h-dvh bg-stone-950 text-stone-100">
        <main className="mx-auto flex w-full max-w-2xl flex-col px-4 pt-4 pb-16">
          <Link to="/family" className={clsx('self-start rounded-md text-2xl font-semibold tracking-tight text-stone-50', focusRing)}>
            Saaga
          </Link>
          {children}
        </main>
      </div>
    </I18nextProvider>
  );
}

/**
 * What a reader sees when a family call is refused: the invitation was used or expired, the
 * owner removed them, or this device signed out. One view for all, as the server tells no more.
 */
export function InvalidFamilyLink() {
  const { t } = useTranslation('familyReading');
  return (
    <div role="alert" className="mt-12 grid justify-items-center gap-4 text-center">
      <LinkIcon aria-hidden className="size-10 text-stone-500" />
      <h1 className="text-2xl font-semibold text-stone-50">{t('invalid.title')}</h1>
      <p className="max-w-sm text-stone-400">{t('invalid.text')}</p>
      <Link to="/" className={buttonClasses('primary', 'mt-2')}>
        {t('invalid.home')}
      </Link>
    </div>
  );
}
