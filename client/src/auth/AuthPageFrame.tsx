import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import clsx from 'clsx';
import { LanguageSwitcher } from '../landing/LanguageSwitcher.tsx';
import { focusRing } from '../ui/Button.tsx';

/** The frame of the account pages (sign-in, forgotten password): the name home, the language switch, a narrow column. */
export function AuthPageFrame({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-stone-950 text-stone-100">
      <main className="mx-auto flex w-full max-w-md flex-col px-4 pt-4 pb-12">
        <div className="flex items-center justify-between">
          <Link to="/" className={clsx('rounded-md text-2xl font-semibold tracking-tight text-stone-50', focusRing)}>
            Saaga
          </Link>
          <LanguageSwitcher />
        </div>
        <h1 className="mt-10 text-3xl font-semibold text-stone-50">{title}</h1>
        {subtitle && <p className="mt-2 text-stone-400">{subtitle}</p>}
        {children}
      </main>
    </div>
  );
}

/** A link in the account pages' quiet style. */
export const quietLinkClasses = clsx(
  'rounded-md text-sm font-medium text-amber-200 underline-offset-4 hover:text-amber-100 hover:underline',
  focusRing,
);
