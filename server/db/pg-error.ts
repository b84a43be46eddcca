/** The PostgreSQL error codes (SQLSTATE) the app answers differently from any other failure. */
export const PG_ERRORS = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;
export type PgErrorName = keyof typeof PG_ERRORS;

// Drizzle wraps the driver's error, and a caller may wrap it once more: a few levels are
// enough, and the bound keeps a cause that points back at itself from looping.
const MAX_DEPTH = 5;

/**
 * Whether an error is PostgreSQL's `name` (unique_violation, foreign_key_violation...),
 * however deep the drivers wrapped it: the one place that looks under `cause`.
 */
export function isPgError(error: unknown, name: PgErrorName): boolean {
  let e = error;
  for (let depth = 0; depth < MAX_DEPTH && typeof e === 'object' && e !== null; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (code === PG_ERRORS[name]) return true;
    e = cause;
  }
  return false;
}
