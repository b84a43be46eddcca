import { z } from 'zod';
import { FREE_PLAN_WORDS_PER_MONTH } from './plans.ts';

export { FREE_PLAN_WORDS_PER_MONTH };

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
