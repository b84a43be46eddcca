import { z } from 'zod';

/** The free plan's words a month (spec 9.1); shown against, never enforced. */
export const FREE_PLAN_WORDS_PER_MONTH = 5000;

/**
 * GET /api/usage (signed in): the words transcribed this calendar month (UTC) from the
 * person's recordings, co-authors' contributions to their stories included.
 */
export const usageSchema = z.object({
  /** The UTC calendar month counted, "YYYY-MM". */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  wordsUsed: z.number().int().nonnegative(),
  plan: z.literal('free'),
  limit: z.literal(FREE_PLAN_WORDS_PER_MONTH),
});
export type Usage = z.infer<typeof usageSchema>;
