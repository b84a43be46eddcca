import { useId, type TextareaHTMLAttributes } from 'react';
import clsx from 'clsx';
import { focusRing } from '../ui/Button.tsx';

const control = 'w-full rounded-lg border border-stone-600 bg-stone-950 px-3 text-base text-stone-50';

export interface OptionGroup {
  label: string;
  options: { value: string; label: string }[];
}

interface GroupedSelectProps {
  label: string;
  value: string;
  placeholder: string;
  groups: OptionGroup[];
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** A labelled dropdown in option groups; the native one, which phones show as their own picker. */
export function GroupedSelect({ label, value, placeholder, groups, onChange, disabled }: GroupedSelectProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-200">
        {label}
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} className={clsx(control, 'min-h-11', focusRing)}>
        <option value="">{placeholder}</option>
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: string;
}

/** A labelled 4-row text area (spec 9.6). */
export function TextAreaField({ label, hint, className, ...props }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-200">
        {label}
      </label>
      <textarea id={id} rows={4} aria-describedby={hint ? `${id}-hint` : undefined} className={clsx(control, 'py-2', focusRing, className)} {...props} />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone-400">
          {hint}
        </p>
      )}
    </div>
  );
}
