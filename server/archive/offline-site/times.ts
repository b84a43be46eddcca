import { DATE_LOCALES, type Language } from '../../../contract/languages.ts';
import type { ArchiveStory } from '../format.ts';

type Temporal = ArchiveStory['time'];

/**
 * Dates in the person's language. Times are shown in UTC: the archive does not know the
 * person's time zone, and the same archive must always read the same.
 */
export function dateText(language: Language, iso: string | Date): string {
  return formatter(language, 'date').format(new Date(iso));
}

// Made once per language: a formatter costs far more to make than to use (5,000 story pages).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: Language, kind: 'date' | 'month'): Intl.DateTimeFormat {
  const key = `${language}:${kind}`;
  let made = formatters.get(key);
  if (!made) {
    const options: Intl.DateTimeFormatOptions = kind === 'date' ? { dateStyle: 'long' } : { month: 'long', year: 'numeric' };
    made = new Intl.DateTimeFormat(DATE_LOCALES[language], { ...options, timeZone: 'UTC' });
    formatters.set(key, made);
  }
  return made;
}

/** A recording's length as m:ss or h:mm:ss. */
export function durationText(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The time a story or recording tells of, in words ("May 1965", "1960–1965"), or null when it has none. */
export function temporalText(language: Language, time: Temporal): string | null {
  const type = time.type ?? inferredType(time);
  if (type === 'specific_date' && time.specificDate) return dateText(language, `${time.specificDate}T00:00:00Z`);
  if (type === 'month_year' && time.year !== null && time.month !== null) {
    const first = new Date(Date.UTC(time.year, time.month - 1, 1));
    return formatter(language, 'month').format(first);
  }
  if (type === 'year_span' && time.year !== null) {
    return time.endYear !== null && time.endYear !== time.year ? `${time.year}–${time.endYear}` : String(time.year);
  }
  if ((type === 'year' || type === 'month_year' || type === 'specific_date') && time.year !== null) return String(time.year);
  return null;
}

function inferredType(time: Temporal): Temporal['type'] {
  if (time.specificDate) return 'specific_date';
  if (time.year !== null && time.endYear !== null) return 'year_span';
  if (time.year !== null && time.month !== null) return 'month_year';
  if (time.year !== null) return 'year';
  return null;
}

/** Where a story sits on the timeline: the year it tells of, with a key to order within the year; null when it has no time. */
export function temporalPlace(time: Temporal): { year: number; key: string } | null {
  if (time.type === 'unknown') return null;
  if (time.specificDate) return { year: Number(time.specificDate.slice(0, 4)), key: time.specificDate };
  if (time.year === null) return null;
  const month = time.month === null ? '00' : String(time.month).padStart(2, '0');
  return { year: time.year, key: `${String(time.year).padStart(4, '0')}-${month}` };
}
