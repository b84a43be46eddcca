import { z } from 'zod';

/** When a story or recording happened (spec 3, "Temporal context"); sent as temporalType. */
export const TEMPORAL_TYPES = ['specific_date', 'month_year', 'year', 'year_span', 'unknown'] as const;
export const temporalTypeSchema = z.enum(TEMPORAL_TYPES);
export type TemporalType = z.infer<typeof temporalTypeSchema>;

/** Earliest year the time forms accept (spec 9.6). */
export const TEMPORAL_YEAR_MIN = 1900;
/** The inline time editor accepts years up to this many past the current one (spec 5, 9.6). */
export const INLINE_EDITOR_YEARS_AHEAD = 10;

/** A calendar date as the date input and the database keep it: YYYY-MM-DD. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The time context on the wire (PUT /api/stories/{id}/temporal-context, PATCH on a
 * recording): the type plus the fields it uses; unused fields are null.
 */
export const temporalContextSchema = z.object({
  temporalType: temporalTypeSchema,
  specificDate: isoDateSchema.nullable().default(null),
  month: z.number().int().min(1).max(12).nullable().default(null),
  year: z.number().int().min(TEMPORAL_YEAR_MIN).nullable().default(null),
  endYear: z.number().int().min(TEMPORAL_YEAR_MIN).nullable().default(null),
});
export type TemporalContext = z.infer<typeof temporalContextSchema>;
