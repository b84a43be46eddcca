import { z } from 'zod';
import { MAX_ID } from './ids.ts';
import { ignoredUserId, withoutUserId } from './ignored-user-id.ts';
import { languageQuery } from './languages.ts';

/** A follow-up question as every call of spec 7.5 returns it. */
export const followUpQuestionSchema = z.object({
  id: z.number(),
  question: z.string(),
  isAnswered: z.boolean(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
  answerStoryId: z.number().nullable(),
  answerRecordingId: z.number().nullable(),
});
export type FollowUpQuestionDto = z.infer<typeof followUpQuestionSchema>;

/** GET /api/follow-up-questions/unanswered: each question with the story it follows up on, for the inspiration list. */
export const unansweredQuestionSchema = followUpQuestionSchema.extend({
  storyId: z.number(),
  storyTitle: z.string(),
});
export type UnansweredQuestionDto = z.infer<typeof unansweredQuestionSchema>;

/** The unanswered list is bounded: the newest this many. */
export const UNANSWERED_LIMIT = 20;

export const unansweredQuerySchema = languageQuery;

/** POST /api/follow-up-questions/{id}/answer. A userId in the body is accepted and ignored. */
export const answerQuestionSchema = z.object({
  answerStoryId: z.coerce
    .number({ error: 'answerStoryId: a story id is required' })
    .int('answerStoryId: a story id is required')
    .positive('answerStoryId: a story id is required')
    .max(MAX_ID, 'answerStoryId: a story id is required'),
  userId: ignoredUserId,
}).transform(withoutUserId);
export type AnswerQuestionBody = z.input<typeof answerQuestionSchema>;

/**
 * POST /api/stories/{id}/regenerate-follow-up-questions answers 202 while the job runs (from
 * `requestedAt`, the server's time), or 200 `upToDate` at once when nothing has changed
 * since the questions were last made.
 */
export const regenerateQuestionsResultSchema = z.union([
  z.object({ refreshing: z.literal(true), requestedAt: z.string() }),
  z.object({ upToDate: z.literal(true) }),
]);
export type RegenerateQuestionsResult = z.infer<typeof regenerateQuestionsResultSchema>;

/** GET /api/stories/{id}/follow-up-questions/refresh: when the questions job last finished for the story. */
export const questionRefreshStateSchema = z.object({ checkedAt: z.string().nullable() });

/**
 * How a recording names the follow-up question it answers in `questionId` (the recorder's
 * link sends it with the upload); interviewer questions use "{theme}.{key}".
 */
export const followUpQuestionId = (id: number) => `follow-up:${id}`;

export function readFollowUpQuestionId(questionId: string | null | undefined): number | null {
  const match = /^follow-up:(\d+)$/.exec(questionId ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * When a story's questions are next expected: its creation, or its latest writing (a
 * rewritten story gets its unanswered questions again), whichever is later.
 */
export function questionsExpectedSince(story: { createdAt: string; generatedAt: string | null }): string {
  return story.generatedAt && Date.parse(story.generatedAt) > Date.parse(story.createdAt) ? story.generatedAt : story.createdAt;
}

/**
 * Spec 7.12: a new story's questions are read every 2 s while it has none, then every 3 s
 * within 30 s of its creation, and no more 60 s after it.
 */
export const FOLLOW_UP_POLL = { emptyMs: 2000, recentMs: 3000, recentWindowMs: 30_000, stopAfterMs: 60_000 } as const;

export function followUpPollInterval(since: string, questionCount: number, now: number): number | false {
  // A clock a little behind the server's reads a negative age: as new.
  const age = Math.max(0, now - Date.parse(since));
  if (Number.isNaN(age) || age > FOLLOW_UP_POLL.stopAfterMs) return false;
  if (questionCount === 0) return FOLLOW_UP_POLL.emptyMs;
  return age <= FOLLOW_UP_POLL.recentWindowMs ? FOLLOW_UP_POLL.recentMs : false;
}
