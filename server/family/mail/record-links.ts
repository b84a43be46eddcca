import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { familyQuestionId, RECORD_LINK_DAYS } from '../../../contract/family.ts';
import type { Database } from '../../db/client.ts';
import { recordLinks } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { questionIdOfText } from './weekly-question.ts';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const recordLinkInvalid = () => new HttpError(404, 'record_link_invalid', 'This link has been used or has expired. Open Saaga and record from there.');

/** A new once-only link for a weekly question: 32 random bytes, only their SHA-256 kept. */
export async function createRecordLink(db: Database, userId: string, question: { text: string; familyQuestionId: number | null }, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(recordLinks).values({
    id: hashOf(token),
    userId,
    questionText: question.text,
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
    .where(and(eq(recordLinks.id, hashOf(token)), isNull(recordLinks.usedAt), gt(recordLinks.expiresAt, new Date())));
  return link ?? null;
}

/** Uses the link: only one caller gets it (the update's condition), whoever else tries at once. */
export async function useRecordLink(db: Database, token: string): Promise<{ userId: string; question: string; questionId: string | null }> {
  const [used] = await db
    .update(recordLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(recordLinks.id, hashOf(token)), isNull(recordLinks.usedAt), gt(recordLinks.expiresAt, new Date())))
    .returning();
  if (!used) throw recordLinkInvalid();
  const questionId = used.familyQuestionId !== null ? familyQuestionId(used.familyQuestionId) : await questionIdOfText(db, used.userId, used.questionText);
  return { userId: used.userId, question: used.questionText, questionId };
}
