import type { Language } from '../../../contract/languages.ts';
import { formatDate } from '../i18n/format.ts';
import type { TemporalFields } from './timePeriod.ts';

/** A calendar date YYYY-MM-DD as a local date, so no time zone moves it a day. */
function localDate(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/**
 * When a story or recording happened, in the language's words: "July 20, 1969" /
 * "20. heinäkuuta 1969", "July 1969" / "heinäkuu 1969", "1969", "1960–1965". Null when it
 * has no time, or an unknown one (the caller says "time unknown" in its own words).
 */
export function temporalLabel(fields: TemporalFields, language: Language): string | null {
  const { year, endYear, month } = fields;
  switch (fields.temporalType) {
    case 'specific_date': {
      const date = fields.specificDate ? localDate(fields.specificDate) : null;
      return date ? formatDate(date, language, { dateStyle: 'long' }) : year === null ? null : String(year);
    }
    case 'month_year':
      if (year === null) return null;
      return month === null ? String(year) : formatDate(new Date(year, month - 1, 1), language, { month: 'long', year: 'numeric' });
    case 'year':
      return year === null ? null : String(year);
    case 'year_span':
      if (year === null) return null;
      return endYear === null || endYear === year ? String(year) : `${year}–${endYear}`;
    default:
      return null;
  }
}
