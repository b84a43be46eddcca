import type { LucideIcon } from 'lucide-react';
import { BookHeart, Library, Mic, Settings, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import clsx from 'clsx';
import { focusRing } from '../ui/Button.tsx';

interface NavItem {
  key: 'library' | 'biography' | 'record' | 'people' | 'settings';
  to: string;
  icon: LucideIcon;
  /** Paths (and their sub-paths) where this item is the current one. */
  matches: string[];
}

/** The five items in the spec's order; record is the highlighted round button. */
const NAV_ITEMS: NavItem[] = [
  { key: 'library', to: '/library', icon: Library, matches: ['/library', '/timeline'] },
  { key: 'biography', to: '/collections', icon: BookHeart, matches: ['/collections', '/autobiography'] },
  { key: 'record', to: '/', icon: Mic, matches: [] },
  { key: 'people', to: '/people', icon: Users, matches: ['/people'] },
  { key: 'settings', to: '/settings', icon: Settings, matches: ['/settings'] },
];

function isCurrent(item: NavItem, pathname: string): boolean {
  if (item.to === '/') return pathname === '/';
  return item.matches.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The fixed bottom navigation bar of the signed-in app. */
export function BottomNav() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-800 bg-stone-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex max-w-2xl items-end justify-around px-2">
        {NAV_ITEMS.map((item) => {
          const current = isCurrent(item, pathname);
          const Icon = item.icon;
          const isRecord = item.key === 'record';
          return (
            <li key={item.key} className="flex flex-1 justify-center">
              <Link
                to={item.to}
                aria-current={current ? 'page' : undefined}
                className={clsx(
                  'group flex min-w-14 flex-col items-center gap-1 rounded-xl px-1 pt-2 pb-2 text-xs font-medium transition-colors',
                  focusRing,
                  current ? 'text-amber-300' : 'text-stone-400 hover:text-stone-100',
                )}
              >
                {isRecord ? (
                  <span
                    className={clsx(
                      '-mt-6 flex size-14 items-center justify-center rounded-full bg-amber-300 text-stone-950 shadow-lg shadow-amber-900/40 ring-4 ring-stone-950 transition-transform group-hover:scale-105',
                      current && 'bg-amber-200',
                    )}
                  >
                    <Icon aria-hidden className="size-6" />
                  </span>
                ) : (
                  <Icon aria-hidden className="size-6" />
                )}
                <span>{t(`nav.${item.key}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
