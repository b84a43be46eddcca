import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import { readFollowUpQuestionId } from '../../contract/follow-ups.ts';
import { TIMINGS } from '../../contract/timings.ts';
import { followUpQuestions } from '../db/schema.ts';
import type { Transaction } from '../jobs/send-job.ts';

/**
 * A new recording in a story answers the question answered for that story within the
 * last 2 minutes (spec 9.5, from answeredAt) that has no recording yet: it becomes its
 * `answerRecordingId`. A recording that names a follow-up question (`questionId`
 * "follow-up:{id}", sent by the recorder opened from it) answers that one, in whichever
 * story the person chose to put it (a new one too), which becomes its `answerStoryId`.
 */
export async function linkAnswerRecording(
  tx: Transaction,
  recording: { id: number; userId: string; storyId: number | null; questionId: string | null },
): Promise<void> {
  if (recording.storyId === null) return;
  const named = readFollowUpQuestionId(recording.questionId);
  const since = new Date(Date.now() - TIMINGS.answerMatchWindowMs);
  const [question] = await tx
    .select({ id: followUpQuestions.id })
    .from(followUpQuestions)
    .where(
      and(
        eq(followUpQuestions.userId, recording.userId),
        named !== null ? eq(followUpQuestions.id, named) : eq(followUpQuestions.answerStoryId, recording.storyId),
        eq(followUpQuestions.isAnswered, true),
        isNull(followUpQuestions.answerRecordingId),
        gte(followUpQuestions.answeredAt, since),
      ),
    )
    .orderBy(desc(followUpQuestions.answeredAt))
    .limit(1);
  if (question) {
    await tx.update(followUpQuestions).set({ answerRecordingId: recording.id, answerStoryId: recording.storyId }).where(eq(followUpQuestions.id, question.id));
  }
}
