import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { toLanguage } from '../../contract/languages.ts';
import { readRecordingSettings } from '../db/recording-settings.ts';
import { followUpQuestions, recordings, stories } from '../db/schema.ts';
import { defineJob } from '../jobs/job.ts';
import type { Queue } from '../jobs/queue.ts';
import { sendJob, type Transaction } from '../jobs/send-job.ts';
import type { JobContext } from '../jobs/context.ts';
import { followUpTask } from './follow-up-task.ts';

export const FOLLOW_UP_QUESTIONS = 'follow-up-questions';

interface FollowUpPayload {
  storyId: number;
}

/**
 * Proposes follow-up questions grounded in a written story, in its language. Idempotent:
 * every run replaces only the story's unanswered questions, keeps the answered ones, and
 * tells the writer all of them so none is asked again. A writer that is not available
 * makes the job wait (as the story job does) without spending a try; a story being
 * rewritten is left to the rewrite, which queues this again. When the writer gives no
 * question that stays grounded, the ones there were stay, but for any a recording of the
 * story has answered since (its prompt question).
 */
export const followUpQuestionsJob = defineJob<JobContext, FollowUpPayload>({
  name: FOLLOW_UP_QUESTIONS,
  payload: z.object({ storyId: z.number().int().positive() }),
  retry: { retries: 2, baseDelayMs: 8000, maxDelayMs: 60_000 },
  expireInSeconds: 30 * 60,
  entityOf: ({ storyId }) => `follow-ups:story:${storyId}`,
  async ownerOf(ctx, { storyId }) {
    const [row] = await ctx.db.select({ userId: stories.userId }).from(stories).where(eq(stories.id, storyId));
    return row?.userId;
  },

  async run(ctx, { storyId }, { signal }) {
    // The moment the story is read: a change after it is news to the next Refresh.
    const readAt = new Date();
    const checked = (db: Pick<JobContext['db'], 'update'>) =>
      db.update(stories).set({ followUpsCheckedAt: readAt }).where(eq(stories.id, storyId));
    const [story] = await ctx.db.select().from(stories).where(eq(stories.id, storyId));
    if (!story || story.processingStatus === 'processing' || !story.content.trim()) return;
    const rows = await ctx.db.select().from(recordings).where(eq(recordings.storyId, storyId)).orderBy(asc(recordings.orderIndex));
    const transcripts = rows.map((r) => r.transcription?.trim() ?? '').filter(Boolean);
    const existing = await ctx.db.select().from(followUpQuestions).where(eq(followUpQuestions.storyId, storyId)).orderBy(asc(followUpQuestions.id));
    // Questions the recordings already answer (an interviewer prompt, a spoken interview's follow-ups) are not asked again.
    const recordingQuestions = [...new Set(rows.map((r) => r.promptQuestion?.trim() ?? '').filter(Boolean))];

    const model = ctx.engines.writer.adapter === 'openai' && rows[0] ? readRecordingSettings(rows[0].settings).storyGenerationModel : undefined;
    const { questions, ungrounded } = await ctx.engines.writer.run(followUpTask, {
      stories: [{ title: story.title, content: story.content }],
      language: toLanguage(story.language),
      // Answered questions are among these: none is asked again (follow-up-task.ts).
      existingQuestions: [...existing.map((q) => q.question), ...recordingQuestions],
      sources: [story.title, story.content, ...transcripts],
    }, { model, signal });
    if (ungrounded > 0) ctx.log.info({ storyId, dropped: ungrounded }, 'follow-up questions naming what nobody told were dropped');
    // A question still listed as unanswered that a recording has since answered goes, whatever the writer gives.
    const spoken = new Set(recordingQuestions.map((q) => q.toLowerCase()));
    const answeredByRecording = existing.filter((q) => !q.isAnswered && spoken.has(q.question.toLowerCase())).map((q) => q.id);
    if (questions.length === 0 && answeredByRecording.length === 0) {
      await checked(ctx.db);
      return;
    }

    await ctx.db.transaction(async (tx) => {
      // Answered meanwhile stays: only what is still unanswered now is replaced.
      const unanswered = and(eq(followUpQuestions.storyId, storyId), eq(followUpQuestions.isAnswered, false));
      await tx.delete(followUpQuestions).where(questions.length > 0 ? unanswered : and(unanswered, inArray(followUpQuestions.id, answeredByRecording)));
      if (questions.length > 0) {
        await tx.insert(followUpQuestions).values(questions.map((question) => ({ userId: story.userId, storyId, question, language: story.language })));
      }
      await checked(tx);
    });
  },

  // The questions there were stay; the story screen stops waiting for new ones by itself.
  async onFailure(ctx, { storyId }, error) {
    ctx.log.warn({ storyId, err: error.describe() }, 'no follow-up questions could be written');
  },
});

/** Queues follow-up questions for a story, inside the transaction that saved it when given one. */
export function queueFollowUpQuestions(queue: Queue, storyId: number, within?: Transaction) {
  return sendJob(queue, followUpQuestionsJob, { storyId }, within ? { within } : {});
}
