import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { signatureName } from '../../contract/author-name.ts';
import { FAMILY_QUESTION_ID_PATTERN } from '../../contract/family.ts';
import { type Language, toLanguage } from '../../contract/languages.ts';
import { familyMembers, familyQuestions, stories, users } from '../db/schema.ts';
import { htmlLetter, type HtmlMessage } from '../email/html-letter.ts';
import { letter } from '../email/letter.ts';
import type { JobContext } from '../jobs/context.ts';
import { defineJob, UNFINISHED_BATCH } from '../jobs/job.ts';
import type { Queue } from '../jobs/queue.ts';
import { sendJob, type Transaction } from '../jobs/send-job.ts';
import { sharedWithMember } from './shared-with.ts';

export const TELL_FAMILY_ASKER = 'tell-family-asker';

/** How long an answer not yet told (its story not shared with the asker yet) is looked for again. */
const TELL_WITHIN_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A story was written: when it answers a relative's question (the recorder or Talk with
 * Saaga opened with `family:{id}` as its question id, kept as the story's questionId), the
 * question is answered by it, once (a rewrite answers nothing again), and telling the asker is
 * queued in the same transaction, so it happens exactly when the story is stored.
 */
export async function noteFamilyAnswer(queue: Queue, tx: Transaction, storyId: number): Promise<void> {
  const [story] = await tx.select({ userId: stories.userId, questionId: stories.questionId }).from(stories).where(eq(stories.id, storyId));
  const id = Number(story?.questionId?.match(FAMILY_QUESTION_ID_PATTERN)?.[1]);
  if (!story || !Number.isSafeInteger(id) || id <= 0) return;
  const answered = await tx
    .update(familyQuestions)
    .set({ answeredStoryId: storyId, answeredAt: new Date() })
    // Only the storyteller's own relatives' questions: a question id is what a browser sent.
    .where(and(eq(familyQuestions.id, id), eq(familyQuestions.userId, story.userId), isNull(familyQuestions.answeredStoryId)))
    .returning({ id: familyQuestions.id });
  if (answered.length > 0) await tellAskersOf(queue, tx, answered.map((row) => row.id));
}

/**
 * Queues telling the askers of questions a story answers. A story not yet theirs to read (the
 * owner reviews first) is told by the recovery pass once it is shared (`unfinished` below).
 */
export async function tellAskersOf(queue: Queue, tx: Transaction | undefined, questionIds: number[]): Promise<void> {
  for (const questionId of questionIds) await sendJob(queue, tellFamilyAskerJob, { questionId }, tx ? { within: tx } : {});
}

/**
 * Tells a relative their question was answered, exactly once (askerToldAt is claimed before
 * sending, and given back if the e-mail fails, to be tried again): nothing while the story is
 * not theirs to read (not yet shared, "only me", out of their scope), nothing for a removed
 * reader. Their question list shows the answer either way once they may read it; the e-mail
 * goes when they gave an address, in their language, its link from the site's own origin.
 */
export const tellFamilyAskerJob = defineJob<JobContext, { questionId: number }>({
  name: TELL_FAMILY_ASKER,
  payload: z.object({ questionId: z.number().int().positive() }),
  retry: { retries: 4, baseDelayMs: 30_000, maxDelayMs: 10 * 60_000 },
  expireInSeconds: 5 * 60,
  entityOf: ({ questionId }) => `family-question:${questionId}`,
  async ownerOf(ctx, { questionId }) {
    const [row] = await ctx.db.select({ userId: familyQuestions.userId }).from(familyQuestions).where(eq(familyQuestions.id, questionId));
    return row?.userId;
  },

  async run(ctx, { questionId }) {
    const [question] = await ctx.db.select().from(familyQuestions).where(eq(familyQuestions.id, questionId));
    if (!question?.answeredStoryId || question.askerToldAt || question.memberId === null) return;
    const [member] = await ctx.db.select().from(familyMembers).where(eq(familyMembers.id, question.memberId));
    if (!member?.joinedAt) return;
    const shared = await sharedWithMember(ctx.db, member);
    if (!shared.storyIds.has(question.answeredStoryId)) return;

    const claimed = await ctx.db
      .update(familyQuestions)
      .set({ askerToldAt: new Date() })
      .where(and(eq(familyQuestions.id, questionId), isNull(familyQuestions.askerToldAt)))
      .returning({ id: familyQuestions.id });
    if (claimed.length === 0 || !member.email || !ctx.mailer) return;

    const origin = ctx.siteOrigin();
    if (!origin) {
      ctx.log.warn({ questionId }, 'a relative could not be e-mailed their answer: the server does not know its address (PUBLIC_URL)');
      return;
    }
    const [story] = await ctx.db.select({ title: stories.title }).from(stories).where(eq(stories.id, question.answeredStoryId));
    const [owner] = await ctx.db.select().from(users).where(eq(users.id, question.userId));
    const message = answeredMessage(toLanguage(member.language), {
      readerName: member.name,
      tellerName: (owner && signatureName(owner)) ?? '',
      question: question.text,
      storyTitle: story?.title ?? '',
      url: `${origin}/family/stories/${question.answeredStoryId}`,
    });
    try {
      await ctx.mailer.send({ to: member.email, ...message });
    } catch (error) {
      // Given back, so the retry (or recovery) sends it: told once, not never.
      await ctx.db.update(familyQuestions).set({ askerToldAt: null }).where(eq(familyQuestions.id, questionId));
      throw error;
    }
  },
  /**
   * Answers not told yet whose story has reached the circle: cut off by a crash, failed for good,
   * or shared later by an owner who reviews first. Only a first sift: the job itself asks
   * sharedWithMember whether the asker may read the story.
   */
  async unfinished(ctx) {
    const rows = await ctx.db
      .select({ id: familyQuestions.id })
      .from(familyQuestions)
      .innerJoin(stories, eq(stories.id, familyQuestions.answeredStoryId))
      .where(
        and(
          isNull(familyQuestions.askerToldAt),
          isNotNull(familyQuestions.memberId),
          gt(familyQuestions.answeredAt, new Date(Date.now() - TELL_WITHIN_MS)),
          isNotNull(stories.sharedWithFamilyAt),
          eq(stories.onlyMe, false),
        ),
      )
      .orderBy(familyQuestions.id)
      .limit(UNFINISHED_BATCH);
    return rows.map(({ id }) => ({ questionId: id }));
  },
  async onFailure(ctx, { questionId }, error) {
    ctx.log.warn({ questionId, err: error.describe() }, 'a relative could not be told their question was answered');
  },
});

const WORDS = {
  en: {
    subject: (teller: string) => `${teller || 'Your storyteller'} answered your question`,
    asked: (question: string) => `You asked: "${question}"`,
    told: (teller: string, title: string) => `${teller || 'Your storyteller'} told a story about it: ${title}.`,
    read: 'Read and listen',
  },
  fi: {
    subject: (teller: string) => `${teller || 'Kertojasi'} vastasi kysymykseesi`,
    asked: (question: string) => `Kysyit: "${question}"`,
    told: (teller: string, title: string) => `${teller || 'Kertojasi'} kertoi siitä tarinan: ${title}.`,
    read: 'Lue ja kuuntele',
  },
} as const;

/** The e-mail telling a relative their question has its story: text and HTML, one big link. */
export function answeredMessage(
  language: Language,
  parts: { readerName: string | null; tellerName: string; question: string; storyTitle: string; url: string },
): HtmlMessage {
  const words = WORDS[language];
  const message = letter(language, parts.readerName, words.subject(parts.tellerName), [
    words.asked(parts.question),
    words.told(parts.tellerName, parts.storyTitle),
    `${words.read}: ${parts.url}`,
  ]);
  return htmlLetter(language, message, { button: { label: words.read, url: parts.url } });
}
