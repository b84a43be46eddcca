import { TEMPORAL_YEAR_MIN, type TemporalContext, type TemporalType } from '../../../contract/temporal.ts';

/** The time form as typed: the chosen type and its inputs' text. */
export interface TimeContextDraft {
  temporalType: TemporalType;
  /** YYYY-MM-DD from the date input. */
  specificDate: string;
  /** 1-12 as text. */
  month: string;
  /** The year, or the first year of a span. */
  year: string;
  /** The last year of a span. */
  endYear: string;
}

/** Today's date in the browser's time zone as YYYY-MM-DD, the date input's value. */
export function localIsoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The form's first state: a specific date, today (spec 5); this month when month and year is chosen. */
export function initialTimeContextDraft(today: Date): TimeContextDraft {
  return {
    temporalType: 'specific_date',
    specificDate: localIsoDate(today),
    month: String(today.getMonth() + 1),
    year: '',
    endYear: '',
  };
}

/** A whole number from an input, or null. */
function wholeNumber(text: string): number | null {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : null;
}

/** A year as typed into a year input: a whole number from 1900 to maxYear, else null. */
export function typedYear(text: string, maxYear: number): number | null {
  const year = wholeNumber(text);
  return year !== null && year >= TEMPORAL_YEAR_MIN && year <= maxYear ? year : null;
}

function isPastOrToday(isoDate: string, today: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return false;
  const [year, month, day] = isoDate.split('-').map(Number);
  const parsed = new Date(year, month - 1, day);
  const real = parsed.getFullYear() === year && parsed.getMonth() === month - 1 && parsed.getDate() === day;
  return real && isoDate <= localIsoDate(today);
}

/**
 * Whether Save is enabled (spec 5): a date (today at the latest) for specific_date; month
 * and year for month_year; a year for year; start and end with start <= end for
 * year_span; unknown always. Years run from 1900 to the current year.
 */
export function canSaveTimeContext(draft: TimeContextDraft, today: Date): boolean {
  const currentYear = today.getFullYear();
  switch (draft.temporalType) {
    case 'specific_date':
      return isPastOrToday(draft.specificDate, today);
    case 'month_year': {
      const month = wholeNumber(draft.month);
      return month !== null && month >= 1 && month <= 12 && typedYear(draft.year, currentYear) !== null;
    }
    case 'year':
      return typedYear(draft.year, currentYear) !== null;
    case 'year_span': {
      const start = typedYear(draft.year, currentYear);
      const end = typedYear(draft.endYear, currentYear);
      return start !== null && end !== null && start <= end;
    }
    case 'unknown':
      return true;
  }
}

/** The time context to send for a savable draft: the type's own fields, the rest null. */
export function toTemporalContext(draft: TimeContextDraft): TemporalContext {
  const none = { specificDate: null, month: null, year: null, endYear: null };
  const year = wholeNumber(draft.year);
  switch (draft.temporalType) {
    case 'specific_date':
      return { ...none, temporalType: 'specific_date', specificDate: draft.specificDate, year: Number(draft.specificDate.slice(0, 4)) };
    case 'month_year':
      return { ...none, temporalType: 'month_year', month: wholeNumber(draft.month), year };
    case 'year':
      return { ...none, temporalType: 'year', year };
    case 'year_span':
      return { ...none, temporalType: 'year_span', year, endYear: wholeNumber(draft.endYear) };
    case 'unknown':
      return { ...none, temporalType: 'unknown' };
  }
}
