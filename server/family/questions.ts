import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FamilyQuestionView } from '../../contract/family.ts';
import type { FamilyReaderActor } from '../access/actor.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { familyQuestions } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { rateLimitCounters } from '../http/rate-limit/counters.ts';
import { FAMILY_RESPONSE_LIMITS } from './response-limits.ts';

type QuestionRow = ResourceRows['familyQuestion'];

const DAY_MS = 24 * 60 * 60 * 1000;

export const questionsLimit = () =>
  new HttpError(429, 'family_questions_limit', 'Your storyteller has been asked as many questions as one day allows. Please ask again tomorrow.');

/** A question, shown to whoever may see it; `answeredStoryId` only when the caller may read that story. */
function presentQuestion(row: QuestionRow, canRead: (storyId: number) => boolean): FamilyQuestionView {
  return {
    id: row.id,
    askerName: row.askerName,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    answeredStoryId: row.answeredStoryId !== null && canRead(row.answeredStoryId) ? row.answeredStoryId : null,
  };
}

/**
 * A reader asks their storyteller: kept under the name they go by in this circle (a removed
 * reader's question keeps it). Every question may become an e-mail to the asker when it is
 * answered, so the storyteller's questions a day are counted, whoever of the circle asks.
 */
export async function askQuestion(db: Database, reader: FamilyReaderActor, text: string): Promise<FamilyQuestionView> {
  const hit = await rateLimitCounters(db).hit(`family-questions:owner:${reader.ownerId}`, DAY_MS);
  if (hit.hits > FAMILY_RESPONSE_LIMITS.questionsPerOwnerPerDay) throw questionsLimit();
  const [row] = await db.insert(familyQuestions).values({ userId: reader.ownerId, memberId: reader.memberId, askerName: reader.name, text }).returning();
  return presentQuestion(row, () => false);
}

/** The reader's own questions in this circle, newest first; an answer links to its story once the story is theirs to read. */
export async function readerQuestions(db: Database, reader: FamilyReaderActor): Promise<FamilyQuestionView[]> {
  const rows = await db
    .select()
    .from(familyQuestions)
    .where(and(eq(familyQuestions.userId, reader.ownerId), eq(familyQuestions.memberId, reader.memberId)))
    .orderBy(desc(familyQuestions.createdAt), desc(familyQuestions.id));
  return rows.map((row) => presentQuestion(row, (storyId) => reader.shared.storyIds.has(storyId)));
}

/** The storyteller's relatives' questions for the interviewer: unanswered first, newest first within each. */
export async function ownerQuestions(db: Database, userId: string): Promise<FamilyQuestionView[]> {
  const rows = await db
    .select()
    .from(familyQuestions)
    .where(eq(familyQuestions.userId, userId))
    .orderBy(sql`${familyQuestions.answeredStoryId} is not null`, desc(familyQuestions.createdAt), asc(familyQuestions.id));
  return rows.map((row) => presentQuestion(row, () => true));
}

/** "Set aside": the storyteller will not answer it; it leaves their list and the asker's. */
export async function setQuestionAside(db: Database, question: Authorized<QuestionRow, 'delete'>): Promise<void> {
  await db.delete(familyQuestions).where(eq(familyQuestions.id, question.id));
}
