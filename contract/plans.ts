/** The free plan's words a month (spec 9.1); shown against, never enforced. Without zod: the landing page's light first load reads it. */
export const FREE_PLAN_WORDS_PER_MONTH = 5000;
