import { eq } from 'drizzle-orm';
import type { FollowUpQuestionDto, RegenerateQuestionsResult } from '../../contract/follow-ups.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { followUpQuestions } from '../db/schema.ts';
import type { Queue } from '../jobs/queue.ts';
import { queueFollowUpQuestions } from './follow-up-questions-job.ts';
import { presentQuestion } from './presenter.ts';
import { questionsUpToDate } from './queries.ts';

// What changes a story's follow-up questions (queries.ts only reads).

/**
 * Marks a question answered by a story (unanswered to answered, spec 4). Answering again
 * moves the time on: the recording made next is the answer (answer-link.ts).
 */
export async function answerQuestion(
  db: Database,
  question: Authorized<ResourceRows['followUpQuestion'], 'update'>,
  answerStory: Authorized<ResourceRows['story'], 'update'>,
): Promise<FollowUpQuestionDto> {
  const [row] = await db
    .update(followUpQuestions)
    .set({ isAnswered: true, answeredAt: new Date(), answerStoryId: answerStory.id, answerRecordingId: null })
    .where(eq(followUpQuestions.id, question.id))
    .returning();
  return presentQuestion(row);
}

export async function deleteQuestion(db: Database, question: Authorized<ResourceRows['followUpQuestion'], 'delete'>): Promise<void> {
  await db.delete(followUpQuestions).where(eq(followUpQuestions.id, question.id));
}

/**
 * Asks for the story's unanswered questions to be proposed again (the job replaces them);
 * when nothing has changed since they were last made, says so at once instead.
 */
export async function requestNewQuestions(
  db: Database,
  queue: Queue,
  story: Authorized<ResourceRows['story'], 'update'>,
): Promise<RegenerateQuestionsResult> {
  if (await questionsUpToDate(db, story)) return { upToDate: true };
  const requestedAt = new Date();
  await queueFollowUpQuestions(queue, story.id);
  return { refreshing: true, requestedAt: requestedAt.toISOString() };
}
