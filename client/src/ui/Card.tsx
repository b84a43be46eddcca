import type { ReactNode } from 'react';
import clsx from 'clsx';

interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A panel with an optional heading (not a landmark, so its title never clashes with a field label). */
export function Card({ title, description, icon, children, className }: CardProps) {
  return (
    <section
      className={clsx('rounded-2xl border border-stone-800 bg-stone-900/70 p-5', className)}
    >
      {title && (
        <header className="mb-4">
          <h2 className="flex items-center gap-2 text-base font-semibold text-stone-50">
            {icon}
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-stone-400">{description}</p>}
        </header>
      )}
      {children}
    </section>
  );
}
