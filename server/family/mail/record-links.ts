import { and, eq, gt, isNull } from 'drizzle-orm';
import { RECORD_LINK_DAYS } from '../../../contract/family.ts';
import type { Database } from '../../db/client.ts';
import { recordLinks } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { newSecretToken, secretTokenHash } from '../../http/secret-tokens.ts';

export const recordLinkInvalid = () => new HttpError(404, 'record_link_invalid', 'This link has been used or has expired. Open Saaga and record from there.');

/** A new once-only link for a weekly question: 32 random bytes, only their SHA-256 kept. */
export async function createRecordLink(db: Database, userId: string, question: { text: string; questionId: string; familyQuestionId: number | null }, now: Date): Promise<string> {
  const token = newSecretToken();
  await db.insert(recordLinks).values({
    id: secretTokenHash(token),
    userId,
    questionText: question.text,
    questionId: question.questionId,
    familyQuestionId: question.familyQuestionId,
    expiresAt: new Date(now.getTime() + RECORD_LINK_DAYS * 24 * 60 * 60 * 1000),
  });
  return token;
}

/** A link that still works (unused, not expired), or null; looking does not use it. */
export async function liveRecordLink(db: Database, token: string) {
  const [link] = await db
    .select()
    .from(recordLinks)
    .where(and(eq(recordLinks.id, secretTokenHash(token)), isNull(recordLinks.usedAt), gt(recordLinks.expiresAt, new Date())));
  return link ?? null;
}

/** Uses the link: only one caller gets it (the update's condition), whoever else tries at once. */
export async function useRecordLink(db: Database, token: string): Promise<{ userId: string; question: string; questionId: string | null }> {
  const [used] = await db
    .update(recordLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(recordLinks.id, secretTokenHash(token)), isNull(recordLinks.usedAt), gt(recordLinks.expiresAt, new Date())))
    .returning();
  if (!used) throw recordLinkInvalid();
  return { userId: used.userId, question: used.questionText, questionId: used.questionId };
}
