import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { languageSchema, type Language } from '../../contract/languages.ts';
import { stories, users } from '../db/schema.ts';
import { defineJob } from '../jobs/job.ts';
import type { JobContext } from '../jobs/context.ts';
import { storedGapQuestions, storeGapQuestions } from './gap-question-store.ts';
import { gapQuestionsTask } from './gap-questions-task.ts';
import { lifeGaps } from './life-gaps.ts';

export const WRITE_GAP_QUESTIONS = 'write-gap-questions';

/** Gaps asked about in one request: a short answer even from the local writer. */
const GAPS_PER_RUN = 8;
/** Story titles sent as what the person has told (the writer may name only what they hold). */
const TITLES_SENT = 12;

interface GapQuestionsPayload {
  userId: string;
  language: Language;
}

/** The gaps of this user's life that have no stored question yet. */
async function unasked(ctx: JobContext, { userId, language }: GapQuestionsPayload) {
  const { gaps, told } = await lifeGaps(ctx.db, userId);
  const stored = await storedGapQuestions(ctx.db, userId, language, gaps.map((gap) => gap.key));
  return { gaps: gaps.filter((gap) => !stored.has(gap.key)).slice(0, GAPS_PER_RUN), told };
}

/**
 * Writes the interviewer's questions for the untold parts of a life (the writing task
 * `gapQuestionsTask`), in the user's language, from their own decades, people, places and
 * story titles. Idempotent: only gaps with no stored question are asked about, and a
 * stored question is never replaced. A gap the writer has no grounded question for, or
 * every gap when the writer fails for good, is stored as '' so the screen asks its plain
 * question instead of waiting.
 */
export const gapQuestionsJob = defineJob<JobContext, GapQuestionsPayload>({
  name: WRITE_GAP_QUESTIONS,
  payload: z.object({ userId: z.uuid(), language: languageSchema }),
  retry: { retries: 2, baseDelayMs: 8000, maxDelayMs: 60_000 },
  expireInSeconds: 30 * 60,
  entityOf: ({ userId, language }) => `gap-questions:${userId}:${language}`,
  async ownerOf(ctx, { userId }) {
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return row?.id;
  },

  async run(ctx, payload, { signal }) {
    const { gaps, told } = await unasked(ctx, payload);
    if (gaps.length === 0) return;
    const titles = await ctx.db
      .select({ title: stories.title })
      .from(stories)
      .where(eq(stories.userId, payload.userId))
      .orderBy(desc(stories.createdAt))
      .limit(TITLES_SENT);
    const questions = await ctx.engines.writer.run(gapQuestionsTask, {
      gaps,
      known: { decades: told, titles: titles.map((row) => row.title) },
      language: payload.language,
    }, { signal });
    await storeGapQuestions(ctx.db, payload.userId, payload.language, gaps.map((gap) => ({ gapKey: gap.key, question: questions[gap.key] ?? '' })));
  },

  async onFailure(ctx, payload) {
    const { gaps } = await unasked(ctx, payload);
    await storeGapQuestions(ctx.db, payload.userId, payload.language, gaps.map((gap) => ({ gapKey: gap.key, question: '' })));
  },
});
