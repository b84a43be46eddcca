import { and, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { signatureName } from '../../../contract/author-name.ts';
import { toLanguage } from '../../../contract/languages.ts';
import { familyQuestions, users, weeklyQuestionSends } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/context.ts';
import { defineJob } from '../../jobs/job.ts';
import { unsubscribeLinks } from './links.ts';
import { familyMailWait } from './mail-limit.ts';
import { weeklyQuestionMessage } from './messages.ts';
import { createRecordLink } from './record-links.ts';
import { sendDueDigests } from './story-notices.ts';
import { chooseWeeklyQuestion } from './weekly-question.ts';
import { latestWeeklySlot } from './weekly-slot.ts';

export const FAMILY_WEEKLY_TICK = 'family-weekly-tick';
/** How often pg-boss's scheduler sends the tick (cron, UTC): a slot's e-mail goes within this. */
export const WEEKLY_TICK_CRON = '*/15 * * * *';
/**
 * How long after its slot a weekly e-mail may still go (a server that was down, a slot chosen a
 * moment ago): later than this, that week's is skipped rather than sent at an odd hour.
 */
export const SLOT_GRACE_MS = 6 * 60 * 60 * 1000;
/** The weekly digest of new stories: Sunday 18:00 in the storyteller's time zone. */
export const DIGEST_SLOT = { day: 0, minute: 18 * 60 };

/**
 * Every quarter of an hour (pg-boss's schedule, timekeeper.ts): the weekly questions whose
 * local slot has come, then the weekly digests due. The time comes from the context's clock
 * (a test moves the week on). Two ticks at once send each e-mail once: a question's
 * weekly_question_sends row (its primary key, user and slot) is written before it is sent,
 * and a digest's notices are claimed before theirs.
 */
export async function runWeeklyTick(ctx: JobContext, now: Date): Promise<{ questions: number; digests: number }> {
  const settings = ctx.familyMail;
  const origin = ctx.siteOrigin();
  if (!settings || !ctx.mailer || !origin) return { questions: 0, digests: 0 };
  const tellers = await ctx.db
    .select()
    .from(users)
    .where(and(isNotNull(users.weeklyQuestionDay), isNotNull(users.weeklyQuestionMinute), isNotNull(users.email), isNotNull(users.emailVerifiedAt)));
  let questions = 0;
  for (const teller of tellers) {
    try {
      if (await sendWeeklyQuestion(ctx, teller, now, origin)) questions += 1;
    } catch (error) {
      ctx.log.error({ err: error, userId: teller.id }, 'a weekly question e-mail failed; the next tick tries again');
    }
  }
  const digests = await sendDueDigests(ctx, now, ({ timeZone }) => latestWeeklySlot(now, DIGEST_SLOT, timeZone ?? 'UTC'));
  return { questions, digests };
}

async function sendWeeklyQuestion(ctx: JobContext, teller: typeof users.$inferSelect, now: Date, origin: string): Promise<boolean> {
  const settings = ctx.familyMail!;
  const slotAt = latestWeeklySlot(now, { day: teller.weeklyQuestionDay!, minute: teller.weeklyQuestionMinute! }, teller.timeZone ?? 'UTC');
  if (now.getTime() - slotAt.getTime() > SLOT_GRACE_MS) return false;
  const [done] = await ctx.db
    .select({ slotAt: weeklyQuestionSends.slotAt })
    .from(weeklyQuestionSends)
    .where(and(eq(weeklyQuestionSends.userId, teller.id), eq(weeklyQuestionSends.slotAt, slotAt)));
  if (done) return false;
  if ((await familyMailWait(ctx.db, teller.id, settings.emailsPerHour)) !== null) return false;
  const language = toLanguage(teller.languagePreference);
  const question = await chooseWeeklyQuestion(ctx.db, teller.id, language);
  // The slot's row first: whoever writes it sends the e-mail; another tick at once finds it taken.
  const [claimed] = await ctx.db
    .insert(weeklyQuestionSends)
    .values({ userId: teller.id, slotAt, questionText: question.text })
    .onConflictDoNothing()
    .returning({ slotAt: weeklyQuestionSends.slotAt });
  if (!claimed) return false;
  try {
    const token = await createRecordLink(ctx.db, teller.id, question, now);
    const links = unsubscribeLinks(origin, settings.secret, { kind: 'weekly', userId: teller.id });
    const message = weeklyQuestionMessage(language, signatureName(teller), question.text, `${origin}/record-link/${token}`, { unsubscribeUrl: links.page });
    await ctx.mailer!.send({ to: teller.email!, ...message, headers: links.headers });
  } catch (error) {
    // Not sent: the slot is free again for the next tick, and the link never went out.
    await ctx.db.delete(weeklyQuestionSends).where(and(eq(weeklyQuestionSends.userId, teller.id), eq(weeklyQuestionSends.slotAt, slotAt)));
    throw error;
  }
  await ctx.db.update(weeklyQuestionSends).set({ sentAt: new Date() }).where(and(eq(weeklyQuestionSends.userId, teller.id), eq(weeklyQuestionSends.slotAt, slotAt)));
  if (question.familyQuestionId !== null) {
    await ctx.db.update(familyQuestions).set({ lastEmailedAt: now }).where(eq(familyQuestions.id, question.familyQuestionId));
  }
  return true;
}

/** The tick as a job: pg-boss's scheduler sends it (one waiting at a time), the runner runs it like any other. */
export const weeklyTickJob = defineJob<JobContext, Record<string, never>>({
  name: FAMILY_WEEKLY_TICK,
  payload: z.object({}),
  retry: { retries: 0, baseDelayMs: 1000, maxDelayMs: 1000 },
  expireInSeconds: 10 * 60,
  entityOf: () => FAMILY_WEEKLY_TICK,
  ownerOf: async () => undefined,
  async run(ctx) {
    const now = ctx.familyMail?.now?.() ?? new Date();
    const sent = await runWeeklyTick(ctx, now);
    if (sent.questions + sent.digests > 0) ctx.log.info(sent, 'weekly family e-mails sent');
  },
  async onFailure(ctx, _payload, error) {
    ctx.log.warn({ err: error.describe() }, 'the weekly family tick failed; the next one tries again');
  },
});
