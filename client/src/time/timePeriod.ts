import type { StoryDto } from '../../../contract/library.ts';
import { INLINE_EDITOR_YEARS_AHEAD, type TemporalType } from '../../../contract/temporal.ts';
import { typedYear, type TimeContextDraft } from './timeContext.ts';

/** A story's or recording's time fields as stored and sent; all null means no time. */
export type TemporalFields = Pick<StoryDto, 'temporalType' | 'specificDate' | 'month' | 'year' | 'endYear'>;

/** The kinds the inline editor offers: the time context types, or none (clears it). */
export type TimePeriodType = TemporalType | 'none';

/** The inline time editor as typed: like the post-upload form, plus "none". */
export interface TimePeriodDraft extends Omit<TimeContextDraft, 'temporalType'> {
  temporalType: TimePeriodType;
}

export const NO_TIME: TemporalFields = { temporalType: null, specificDate: null, month: null, year: null, endYear: null };

/** The editor's fields for a stored time; a month defaults to this month so choosing "month and year" needs only the year. */
export function draftFromTemporal(fields: TemporalFields, today: Date): TimePeriodDraft {
  return {
    temporalType: fields.temporalType ?? 'none',
    specificDate: fields.specificDate ?? '',
    month: String(fields.month ?? today.getMonth() + 1),
    year: fields.year === null ? '' : String(fields.year),
    endYear: fields.endYear === null ? '' : String(fields.endYear),
  };
}

/** The latest year the inline editor accepts: this year plus 10 (spec 5, 9.6). */
export function inlineYearMax(today: Date): number {
  return today.getFullYear() + INLINE_EDITOR_YEARS_AHEAD;
}

/** A year from 1900 to this year plus 10, or null. */
function inlineYear(text: string, today: Date): number | null {
  return typedYear(text, inlineYearMax(today));
}

/** A real calendar date YYYY-MM-DD whose year the inline editor accepts, or null. */
function inlineDate(text: string, today: Date): { date: string; year: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const parsed = new Date(Date.UTC(year, month - 1, day));
  if (parsed.getUTCMonth() !== month - 1 || parsed.getUTCDate() !== day) return null;
  return inlineYear(String(year), today) === null ? null : { date: text, year };
}

/**
 * What the inline editor saves for a draft, or null while it is not valid (spec 5): a
 * year is a number from 1900 to this year plus 10; unknown saves only the type; a
 * specific date saves the date and its year; month only for month_year; endYear only for
 * year_span (not before the start); none clears every field.
 */
export function timePeriodPayload(draft: TimePeriodDraft, today: Date): TemporalFields | null {
  switch (draft.temporalType) {
    case 'none':
      return NO_TIME;
    case 'unknown':
      return { ...NO_TIME, temporalType: 'unknown' };
    case 'specific_date': {
      const date = inlineDate(draft.specificDate, today);
      return date && { ...NO_TIME, temporalType: 'specific_date', specificDate: date.date, year: date.year };
    }
    case 'month_year': {
      const month = /^\d{1,2}$/.test(draft.month) ? Number(draft.month) : null;
      const year = inlineYear(draft.year, today);
      return month !== null && month >= 1 && month <= 12 && year !== null
        ? { ...NO_TIME, temporalType: 'month_year', month, year }
        : null;
    }
    case 'year': {
      const year = inlineYear(draft.year, today);
      return year === null ? null : { ...NO_TIME, temporalType: 'year', year };
    }
    case 'year_span': {
      const year = inlineYear(draft.year, today);
      const endYear = inlineYear(draft.endYear, today);
      return year !== null && endYear !== null && year <= endYear
        ? { ...NO_TIME, temporalType: 'year_span', year, endYear }
        : null;
    }
  }
}

/** Whether two stored times are the same (only the fields their type uses count). */
export function sameTemporal(a: TemporalFields, b: TemporalFields): boolean {
  return (
    (a.temporalType ?? null) === (b.temporalType ?? null) &&
    (a.specificDate ?? null) === (b.specificDate ?? null) &&
    (a.month ?? null) === (b.month ?? null) &&
    (a.year ?? null) === (b.year ?? null) &&
    (a.endYear ?? null) === (b.endYear ?? null)
  );
}

/** The payload to save now: a valid draft that differs from what is stored, else null. */
export function timePeriodToSave(draft: TimePeriodDraft, stored: TemporalFields, today: Date): TemporalFields | null {
  const payload = timePeriodPayload(draft, today);
  return payload && !sameTemporal(payload, stored) ? payload : null;
}
