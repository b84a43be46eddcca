export { dateText, temporalText } from '../../temporal/temporal-text.ts';
import type { ArchiveStory } from '../format.ts';

type Temporal = ArchiveStory['time'];

/** A recording's length as m:ss or h:mm:ss. */
export function durationText(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Where a story sits on the timeline: the year it tells of, with a key to order within the year; null when it has no time. */
export function temporalPlace(time: Temporal): { year: number; key: string } | null {
  if (time.type === 'unknown') return null;
  if (time.specificDate) return { year: Number(time.specificDate.slice(0, 4)), key: time.specificDate };
  if (time.year === null) return null;
  const month = time.month === null ? '00' : String(time.month).padStart(2, '0');
  return { year: time.year, key: `${String(time.year).padStart(4, '0')}-${month}` };
}
