import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import type { CurrentUser } from '../../../contract/auth.ts';
import { usePreload } from '../api/usePreload.ts';
import { BottomNav } from './BottomNav.tsx';
import { LanguageWelcomeDialog } from './LanguageWelcomeDialog.tsx';

/** The signed-in app: one column of medium width above the fixed bottom navigation. */
export function AppShell({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('shell');
  usePreload();
  return (
    <div className="min-h-dvh bg-stone-950 text-stone-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-amber-300 focus:px-4 focus:py-2 focus:text-stone-950"
      >
        {t('skipToContent')}
      </a>
      <main
        id="main"
        className="mx-auto w-full max-w-2xl px-4 pt-6 pb-[calc(7rem+env(safe-area-inset-bottom))]"
      >
        <Outlet />
      </main>
      <BottomNav />
      <LanguageWelcomeDialog user={user} />
    </div>
  );
}
