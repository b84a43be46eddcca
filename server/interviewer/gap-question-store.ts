import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Language } from '../../contract/languages.ts';
import type { Database } from '../db/client.ts';
import { interviewGapQuestions } from '../db/schema.ts';

/** The questions stored for these gaps, by key ('' where the writer had none: the screen asks its plain question). */
export async function storedGapQuestions(db: Database, userId: string, language: Language, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ gapKey: interviewGapQuestions.gapKey, question: interviewGapQuestions.question })
    .from(interviewGapQuestions)
    .where(and(eq(interviewGapQuestions.userId, userId), eq(interviewGapQuestions.language, language), inArray(interviewGapQuestions.gapKey, keys)))
    .orderBy(desc(interviewGapQuestions.id));
  return new Map(rows.map((row) => [row.gapKey, row.question]));
}

/** Keeps the writer's questions (or '' for a gap it had none for); a question already there stays. */
export async function storeGapQuestions(db: Database, userId: string, language: Language, questions: { gapKey: string; question: string }[]) {
  if (questions.length === 0) return;
  await db
    .insert(interviewGapQuestions)
    .values(questions.map((q) => ({ userId, language, ...q })))
    .onConflictDoNothing();
}
