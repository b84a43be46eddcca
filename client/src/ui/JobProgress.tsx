import { Bar } from './Bar.tsx';

interface JobProgressProps {
  /** What the work has come to, in words ("Laying out page 3 of 12", "Waiting…"): the bar's value text and the line under it. */
  label: string;
  /** The bar's accessible name. */
  barLabel: string;
  /** Under it: that the work goes on without the page. */
  note: string;
  /** How far, of `max`; without `max` the size is not known yet and the bar pulses. */
  value: number;
  max?: number;
}

/** A background job under way (an archive made, a book laid out): its bar, its state in words, and that leaving the page is fine. */
export function JobProgress({ label, barLabel, note, value, max }: JobProgressProps) {
  return (
    <div className="grid gap-2">
      <Bar label={barLabel} valueText={label} value={value} max={max} />
      <p role="status" className="text-sm text-stone-200">
        {label}
      </p>
      <p className="text-xs text-stone-500">{note}</p>
    </div>
  );
}
