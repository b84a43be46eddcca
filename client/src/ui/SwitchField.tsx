import { useId } from 'react';
import clsx from 'clsx';
import { focusRing } from './Button.tsx';

interface SwitchFieldProps {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting: its label and hint on the left, the switch (role="switch") on the right. */
export function SwitchField({ label, hint, checked, onChange }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-stone-200">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-stone-400">
          {hint}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        onClick={() => onChange(!checked)}
        className={clsx(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
          checked ? 'bg-amber-300' : 'bg-stone-700',
          focusRing,
        )}
      >
        <span
          aria-hidden
          className={clsx('inline-block size-5 rounded-full bg-stone-950 transition-transform', checked ? 'translate-x-6' : 'translate-x-1')}
        />
      </button>
    </div>
  );
}
