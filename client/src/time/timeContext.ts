import { TEMPORAL_YEAR_MIN, type TemporalContext, type TemporalType } from '../../../contract/temporal.ts';
import type { TemporalFields } from './timePeriod.ts';

/** The time form as typed: the chosen type ('' until the person chooses one) and its inputs' text. */
export interface TimeContextDraft {
  temporalType: TemporalType | '';
  /** YYYY-MM-DD from the date input. */
  specificDate: string;
  /** 1-12 as text. */
  month: string;
  /** The year, or the first year of a span. */
  year: string;
  /** The last year of a span. */
  endYear: string;
}

/** A draft whose kind of time has been chosen. */
export type ChosenTimeDraft = TimeContextDraft & { temporalType: TemporalType };

/** Today's date in the browser's time zone as YYYY-MM-DD, the date input's value. */
export function localIsoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The form's first state: the time the story already has, or nothing chosen, so that no
 * tap dates a memory by accident (the spec's "today" default did: a childhood memory
 * became today's). A month starts on this month once month and year is chosen.
 */
export function initialTimeContextDraft(today: Date, stored?: TemporalFields | null): TimeContextDraft {
  return {
    temporalType: stored?.temporalType ?? '',
    specificDate: stored?.specificDate ?? '',
    month: String(stored?.month ?? today.getMonth() + 1),
    year: stored?.year == null ? '' : String(stored.year),
    endYear: stored?.endYear == null ? '' : String(stored.endYear),
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
 * year_span; unknown always; nothing while no kind is chosen. Years run from 1900 to the
 * current year.
 */
export function canSaveTimeContext(draft: TimeContextDraft, today: Date): boolean {
  const currentYear = today.getFullYear();
  switch (draft.temporalType) {
    case '':
      return false;
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
export function toTemporalContext(draft: ChosenTimeDraft): TemporalContext {
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

/**
 * What Save sends: a savable draft that differs from the time the story already has, else
 * null (keeping the story's time needs no save, and nothing is overwritten unasked).
 */
export function timeContextToSave(draft: TimeContextDraft, stored: TemporalFields | null, today: Date): TemporalContext | null {
  if (draft.temporalType === '' || !canSaveTimeContext(draft, today)) return null;
  const context = toTemporalContext({ ...draft, temporalType: draft.temporalType });
  const same =
    stored !== null &&
    (stored.temporalType ?? null) === context.temporalType &&
    (stored.specificDate ?? null) === context.specificDate &&
    (stored.month ?? null) === context.month &&
    (stored.year ?? null) === context.year &&
    (stored.endYear ?? null) === context.endYear;
  return same ? null : context;
}
