import type { ButtonHTMLAttributes } from 'react';
import clsx from 'clsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-amber-300 text-stone-950 hover:bg-amber-200',
  secondary: 'border border-stone-600 bg-stone-800 text-stone-50 hover:bg-stone-700',
  ghost: 'text-stone-200 hover:bg-stone-800',
  destructive: 'bg-red-600 text-white hover:bg-red-500',
};

/** Shared focus ring: visible on keyboard focus, on every interactive element. */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300';

/** Classes of a button, for links that look like one. */
export function buttonClasses(variant: ButtonVariant = 'primary', className?: string): string {
  return clsx(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-50',
    focusRing,
    VARIANTS[variant],
    className,
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

/** A button with the app's look; type "button" unless told otherwise. */
export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
}
