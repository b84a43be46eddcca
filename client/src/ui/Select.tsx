import { useId, type ReactNode } from 'react';
import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import clsx from 'clsx';
import { focusRing } from './Button.tsx';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
  /** Shown before the label, e.g. a flag. */
  icon?: string;
}

interface SelectProps<T extends string> {
  /** Id of the trigger, for a `<label htmlFor>`. */
  id: string;
  value: T;
  options: readonly SelectOption<T>[];
  onValueChange: (value: T) => void;
  disabled?: boolean;
  /** Shown while the value is '' (nothing chosen yet). */
  placeholder?: string;
}

/** A dropdown on Radix Select; label it with `<label htmlFor={id}>`. */
export function Select<T extends string>({ id, value, options, onValueChange, disabled, placeholder }: SelectProps<T>) {
  return (
    <SelectPrimitive.Root value={value} onValueChange={(next) => onValueChange(next as T)} disabled={disabled}>
      <SelectPrimitive.Trigger
        id={id}
        className={clsx(
          'flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-stone-600 bg-stone-950 px-3 text-left text-base text-stone-50',
          'disabled:opacity-50',
          focusRing,
        )}
      >
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden className="size-4 text-stone-400" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-[80] max-h-[var(--radix-select-content-available-height)] w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-stone-700 bg-stone-900 text-stone-50 shadow-xl"
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                className="relative flex min-h-10 cursor-pointer items-center gap-2 rounded-md py-2 pr-8 pl-3 text-sm outline-none select-none data-[highlighted]:bg-stone-700"
              >
                <SelectPrimitive.ItemText>
                  {option.icon && (
                    <span aria-hidden className="mr-2">
                      {option.icon}
                    </span>
                  )}
                  {option.label}
                </SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator className="absolute right-2">
                  <Check aria-hidden className="size-4 text-amber-300" />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

interface SelectFieldProps<T extends string> extends Omit<SelectProps<T>, 'id'> {
  label: ReactNode;
  className?: string;
}

/** A labelled dropdown, the Select counterpart of Field. */
export function SelectField<T extends string>({ label, className, ...props }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className={clsx('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-stone-200">
        {label}
      </label>
      <Select id={id} {...props} />
    </div>
  );
}
