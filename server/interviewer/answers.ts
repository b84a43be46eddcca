import { and, desc, eq, inArray } from 'drizzle-orm';
import { INTERVIEW_QUESTION_IDS, type InterviewAnswersDto } from '../../contract/interviewer.ts';
import type { Database } from '../db/client.ts';
import { stories } from '../db/schema.ts';

/**
 * The user's stories that answer each interviewer question (by the `questionId` the
 * recorder sent), newest first: what the theme cards count and the theme view lists.
 */
export async function interviewAnswers(db: Database, userId: string): Promise<InterviewAnswersDto> {
  const rows = await db
    .select({ id: stories.id, title: stories.title, createdAt: stories.createdAt, processingStatus: stories.processingStatus, questionId: stories.questionId })
    .from(stories)
    .where(and(eq(stories.userId, userId), inArray(stories.questionId, [...INTERVIEW_QUESTION_IDS])))
    .orderBy(desc(stories.createdAt), desc(stories.id));
  const answers: InterviewAnswersDto = {};
  for (const { questionId, createdAt, ...story } of rows) {
    (answers[questionId!] ??= []).push({ ...story, createdAt: createdAt.toISOString() });
  }
  return answers;
}
