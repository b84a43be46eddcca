import type { FollowUpQuestionDto } from '../../contract/follow-ups.ts';
import type { followUpQuestions } from '../db/schema.ts';

export type FollowUpQuestionRow = typeof followUpQuestions.$inferSelect;

/** A follow-up question as spec 7.5 lists it. */
export function presentQuestion(row: FollowUpQuestionRow): FollowUpQuestionDto {
  return {
    id: row.id,
    question: row.question,
    isAnswered: row.isAnswered,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    answerStoryId: row.answerStoryId,
    answerRecordingId: row.answerRecordingId,
  };
}
