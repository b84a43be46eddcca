import { fieldError } from '../http/errors.ts';
import { type TemporalColumns, type TemporalContextBody, TemporalError, toTemporalColumns } from './temporal-context.ts';

/** The columns to store for a time context, or a 400 naming the bad field. */
export function temporalColumnsOrBadRequest(body: TemporalContextBody): TemporalColumns {
  try {
    return toTemporalColumns(body);
  } catch (error) {
    if (error instanceof TemporalError) throw fieldError(error.field, error.problem);
    throw error;
  }
}
