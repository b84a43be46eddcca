interface ProgressBarProps {
  label: string;
  /** What the bar stands for right now, e.g. "Transcribing". */
  valueText: string;
  value: number;
}

/** A labelled progress bar (0-100) with its current step in words. */
export function ProgressBar({ label, valueText, value }: ProgressBarProps) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-stone-200">{label}</span>
        <span className="text-stone-400">{valueText}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${valueText} (${value}%)`}
        className="h-2 overflow-hidden rounded-full bg-stone-800"
      >
        <div className="h-full rounded-full bg-amber-300 transition-[width] duration-500" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
