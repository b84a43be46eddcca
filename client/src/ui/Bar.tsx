interface BarProps {
  /** progressbar for work under way; meter for a share of a limit. */
  role?: 'progressbar' | 'meter';
  /** The bar's accessible name. */
  label: string;
  /** What the bar says in words ("120 of 640 files"). */
  valueText: string;
  /** How far, of `max`; without `max` the work's size is not known yet and the bar pulses. */
  value?: number;
  max?: number;
  /** Past a limit: the fill turns red. */
  over?: boolean;
}

/** The app's bar of how far something has come: a track with the amber fill, named and told in words for screen readers. */
export function Bar({ role = 'progressbar', label, valueText, value = 0, max, over = false }: BarProps) {
  const known = max !== undefined && max > 0;
  return (
    <div
      role={role}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={known ? max : undefined}
      aria-valuenow={known ? Math.min(value, max) : undefined}
      aria-valuetext={valueText}
      className="h-3 overflow-hidden rounded-full bg-stone-800"
    >
      {known ? (
        <div
          className={`h-full rounded-full transition-[width] ${over ? 'bg-red-400' : 'bg-amber-400'}`}
          style={{ width: `${Math.min(1, value / max) * 100}%` }}
        />
      ) : (
        <div className="h-full w-1/3 animate-pulse rounded-full bg-amber-400/60" />
      )}
    </div>
  );
}
