import { DATE_LOCALES, type Language } from '../../contract/languages.ts';
import type { TemporalType } from '../../contract/temporal.ts';

/** The time a story or recording tells of, as its columns hold it. */
export interface TemporalFields {
  type: TemporalType | null;
  specificDate: string | null;
  month: number | null;
  year: number | null;
  endYear: number | null;
}

type Temporal = TemporalFields;

/**
 * Dates in the person's language (the archive's pages, the printed book). Times are shown in
 * UTC: the server does not know the person's time zone, and the same file must always read the same.
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
