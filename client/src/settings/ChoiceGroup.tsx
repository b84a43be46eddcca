import clsx from 'clsx';

export interface Choice<T extends string> {
  value: T;
  /** What the choice means to a person, e.g. "Best quality". */
  label: string;
  /** A line under the label saying what it does. */
  hint?: string;
  /** Small secondary text at the end of the row, e.g. the model's name. */
  detail?: string;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
}

/** A labelled set of radio buttons, one row per choice: label, optional hint, optional small detail. */
export function ChoiceGroup<T extends string>({ legend, name, value, choices, onChange }: ChoiceGroupProps<T>) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-stone-200">{legend}</legend>
      <div className="grid overflow-hidden rounded-lg border border-stone-700">
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={choice.value}
              className={clsx(
                'flex min-h-11 cursor-pointer items-center gap-3 border-stone-700 px-3 py-2 not-first:border-t',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-amber-300',
                checked ? 'bg-stone-800' : 'hover:bg-stone-800/60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                className="size-4 shrink-0 accent-amber-300 outline-none"
              />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className={clsx('text-sm', checked ? 'font-medium text-stone-50' : 'text-stone-200')}>{choice.label}</span>
                {choice.hint && <span className="text-xs text-stone-400">{choice.hint}</span>}
              </span>
              {choice.detail && <span className="shrink-0 font-mono text-xs text-stone-500">{choice.detail}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
