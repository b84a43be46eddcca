import { z } from 'zod';
import { INLINE_EDITOR_YEARS_AHEAD, TEMPORAL_YEAR_MIN, type TemporalType } from '../../contract/temporal.ts';

/** The published page's vocabulary, accepted too (spec 3, "Temporal context"). */
const ALIASES: Record<string, TemporalType> = {
  specific: 'specific_date',
  month: 'month_year',
  span: 'year_span',
};

const year = z.coerce.number().int().min(TEMPORAL_YEAR_MIN);
const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());

/** A time context as clients send it: either vocabulary; all null clears it. */
export const temporalContextBody = z
  .object({
    temporalType: nullable(z.string()),
    specificDate: nullable(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')),
    month: nullable(z.coerce.number().int().min(1).max(12)),
    year: nullable(year),
    endYear: nullable(year),
    day: nullable(z.coerce.number().int().min(1).max(31)),
  })
  .partial();
export type TemporalContextBody = z.infer<typeof temporalContextBody>;

export interface TemporalColumns {
  temporalType: TemporalType | null;
  specificDate: string | null;
  month: number | null;
  year: number | null;
  endYear: number | null;
}

/** A time context the app cannot store: which field, and what is wrong with it. */
export class TemporalError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
  }
}

/**
 * What to store for a time context: only the fields its type uses (unknown keeps only the
 * type; a specific date keeps its year too). Throws TemporalError naming the bad field.
 */
export function toTemporalColumns(body: TemporalContextBody, today = new Date()): TemporalColumns {
  const cleared = { temporalType: null, specificDate: null, month: null, year: null, endYear: null };
  if (!body.temporalType) {
    const anything = body.specificDate ?? body.month ?? body.year ?? body.endYear;
    if (anything !== null && anything !== undefined) throw new TemporalError('temporalType', 'Required');
    return cleared;
  }
  const type = ALIASES[body.temporalType] ?? body.temporalType;
  const maxYear = today.getUTCFullYear() + INLINE_EDITOR_YEARS_AHEAD;
  const checkYear = (field: 'year' | 'endYear', value: number | null | undefined): number => {
    if (value === null || value === undefined) throw new TemporalError(field, 'Required');
    if (value > maxYear) throw new TemporalError(field, `must be at most ${maxYear}`);
    return value;
  };

  switch (type) {
    case 'unknown':
      return { ...cleared, temporalType: 'unknown' };
    case 'specific_date': {
      let date = body.specificDate;
      // The published vocabulary sends year, month and day instead of a date.
      if (!date && body.year && body.month && body.day) {
        date = `${body.year}-${String(body.month).padStart(2, '0')}-${String(body.day).padStart(2, '0')}`;
      }
      if (!date) throw new TemporalError('specificDate', 'Required');
      const parsed = new Date(`${date}T00:00:00Z`);
      if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
        throw new TemporalError('specificDate', 'not a real date');
      }
      return { ...cleared, temporalType: 'specific_date', specificDate: date, year: checkYear('year', parsed.getUTCFullYear()) };
    }
    case 'month_year':
      if (!body.month) throw new TemporalError('month', 'Required');
      return { ...cleared, temporalType: 'month_year', month: body.month, year: checkYear('year', body.year) };
    case 'year':
      return { ...cleared, temporalType: 'year', year: checkYear('year', body.year) };
    case 'year_span': {
      const start = checkYear('year', body.year);
      const end = checkYear('endYear', body.endYear);
      if (start > end) throw new TemporalError('endYear', 'must not be before year');
      return { ...cleared, temporalType: 'year_span', year: start, endYear: end };
    }
    default:
      throw new TemporalError('temporalType', `unknown type "${body.temporalType}"`);
  }
}
