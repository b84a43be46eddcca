import { and, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { signatureName } from '../../../contract/author-name.ts';
import { toLanguage } from '../../../contract/languages.ts';
import { AiError } from '../../ai/errors.ts';
import type { Database } from '../../db/client.ts';
import { familyMembers, familyStoryNotices, photos, stories, users } from '../../db/schema.ts';
import type { OutgoingMail } from '../../email/mailer.ts';
import type { JobContext } from '../../jobs/context.ts';
import { defineJob } from '../../jobs/job.ts';
import type { Queue } from '../../jobs/queue.ts';
import { sendJob, type Transaction } from '../../jobs/send-job.ts';
import { storyCoverPhotoId } from '../../photos/cover.ts';
import { readPhotoCopy } from '../../photos/photo-copies-store.ts';
import { sharedWithMember } from '../shared-with.ts';
import { unsubscribeLinks } from './links.ts';
import { familyMailWait } from './mail-limit.ts';
import { firstLinesOf, type NoticeStory, storyDigestMessage, storyNoticeMessage } from './messages.ts';

type MemberRow = typeof familyMembers.$inferSelect;

/**
 * A story reaches the family circle, once: `sharedWithFamilyAt` is set (unless it was already)
 * and every member it is shared with (sharedWithMember, the one rule) who hears of new stories
 * by e-mail gets a waiting notice; the 'each' ones are sent by the job below, the 'weekly'
 * ones wait for the digest. `unlessReviewFirst`: only when the owner does not review new
 * stories first (a story just written); the owner's own "Share with family" shares regardless.
 * Runs in the caller's transaction, so the story, its notices and the job commit together.
 */
export async function shareStoryWithFamily(tx: Transaction, queue: Queue, storyId: number, options: { unlessReviewFirst: boolean }): Promise<boolean> {
  const reviewFirst = options.unlessReviewFirst
    ? sql`not exists (select 1 from ${users} where ${users.id} = ${stories.userId} and ${users.familyReviewFirst})`
    : sql`true`;
  const [shared] = await tx
    .update(stories)
    .set({ sharedWithFamilyAt: new Date() })
    .where(and(eq(stories.id, storyId), isNull(stories.sharedWithFamilyAt), reviewFirst))
    .returning({ userId: stories.userId });
  if (!shared) return false;
  const members = await tx
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.userId, shared.userId), isNotNull(familyMembers.joinedAt), isNotNull(familyMembers.email), ne(familyMembers.notice, 'off')));
  let each = false;
  for (const member of members) {
    const { storyIds } = await sharedWithMember(tx as unknown as Database, member);
    if (!storyIds.has(storyId)) continue;
    await tx.insert(familyStoryNotices).values({ storyId, memberId: member.id }).onConflictDoNothing();
    each ||= member.notice === 'each';
  }
  if (each) await sendJob(queue, storyNoticesJob, { storyId }, { within: tx });
  return true;
}

export const SEND_STORY_NOTICES = 'send-family-story-notices';

/**
 * Sends a new story's notices to the members who hear of each story at once. Each notice is
 * claimed (sentAt set where it was null) before its e-mail goes, so two workers never send one
 * twice; a failed send gives the claim back and the job tries again. Over the account's
 * hourly limit the job waits for the next hour without spending a retry.
 */
export const storyNoticesJob = defineJob<JobContext, { storyId: number }>({
  name: SEND_STORY_NOTICES,
  payload: z.object({ storyId: z.number().int().positive() }),
  retry: { retries: 3, baseDelayMs: 30_000, maxDelayMs: 10 * 60_000 },
  expireInSeconds: 10 * 60,
  entityOf: ({ storyId }) => `story-notices:${storyId}`,
  async ownerOf(ctx, { storyId }) {
    const [row] = await ctx.db.select({ userId: stories.userId }).from(stories).where(eq(stories.id, storyId));
    return row?.userId;
  },
  async run(ctx, { storyId }) {
    const settings = ctx.familyMail;
    const origin = ctx.siteOrigin();
    if (!settings || !ctx.mailer || !origin) {
      ctx.log.warn({ storyId }, 'family notices wait: no mailer, mail settings or site address in this process');
      return;
    }
    const waiting = await ctx.db
      .select({ member: familyMembers })
      .from(familyStoryNotices)
      .innerJoin(familyMembers, eq(familyMembers.id, familyStoryNotices.memberId))
      .where(and(eq(familyStoryNotices.storyId, storyId), isNull(familyStoryNotices.sentAt), eq(familyMembers.notice, 'each')));
    for (const { member } of waiting) {
      const wait = await familyMailWait(ctx.db, member.userId, settings.emailsPerHour);
      if (wait !== null) throw new AiError('temporarily_unavailable', { retryable: true, retryAfterMs: wait, detail: 'family e-mails per hour' });
      await sendClaimed(ctx, member, [storyId], async (told) => {
        const [story] = told;
        const teller = await tellerNameOf(ctx.db, member.userId);
        const links = unsubscribeLinks(origin, settings.secret, { kind: 'notices', memberId: member.id });
        const message = storyNoticeMessage(toLanguage(member.language), member.name, teller, story.notice, { unsubscribeUrl: links.page });
        return { ...message, headers: links.headers, attachments: story.attachment ? [story.attachment] : undefined };
      });
    }
  },
  async onFailure(ctx, { storyId }, error) {
    ctx.log.warn({ storyId, err: error.describe() }, 'family story notices were not sent');
  },
});

/**
 * The weekly digests due: each member hearing of new stories weekly whose notices waited
 * since before their storyteller's digest time this week (Sunday 18:00 in the storyteller's
 * time zone, or UTC) gets one e-mail with every story still shared with them.
 */
export async function sendDueDigests(ctx: JobContext, now: Date, digestSlotOf: (owner: { timeZone: string | null }) => Date): Promise<number> {
  const settings = ctx.familyMail;
  const origin = ctx.siteOrigin();
  if (!settings || !ctx.mailer || !origin) return 0;
  const rows = await ctx.db
    .selectDistinct({ member: familyMembers, timeZone: users.timeZone })
    .from(familyStoryNotices)
    .innerJoin(familyMembers, eq(familyMembers.id, familyStoryNotices.memberId))
    .innerJoin(users, eq(users.id, familyMembers.userId))
    .where(and(isNull(familyStoryNotices.sentAt), eq(familyMembers.notice, 'weekly'), isNotNull(familyMembers.email)));
  let sent = 0;
  for (const { member, timeZone } of rows) {
    const slot = digestSlotOf({ timeZone });
    if (slot.getTime() > now.getTime()) continue;
    const due = await ctx.db
      .select({ storyId: familyStoryNotices.storyId })
      .from(familyStoryNotices)
      .where(and(eq(familyStoryNotices.memberId, member.id), isNull(familyStoryNotices.sentAt), lte(familyStoryNotices.createdAt, slot)));
    if (due.length === 0) continue;
    if ((await familyMailWait(ctx.db, member.userId, settings.emailsPerHour)) !== null) continue; // the next tick tries again
    const ok = await sendClaimed(ctx, member, due.map((d) => d.storyId), async (told) => {
      const teller = await tellerNameOf(ctx.db, member.userId);
      const links = unsubscribeLinks(origin, settings.secret, { kind: 'notices', memberId: member.id });
      const message = storyDigestMessage(toLanguage(member.language), member.name, teller, told.map((t) => t.notice), `${origin}/family`, { unsubscribeUrl: links.page });
      return { ...message, headers: links.headers };
    }, slot);
    if (ok) sent += 1;
  }
  return sent;
}

interface ToldStory {
  notice: NoticeStory;
  attachment: NonNullable<OutgoingMail['attachments']>[number] | null;
}

/**
 * Claims a member's waiting notices of these stories (only one worker gets each), keeps the
 * stories still shared with the member (one may have become "only me" meanwhile), and sends
 * the e-mail `compose` makes; a failed send gives the claims back.
 */
async function sendClaimed(
  ctx: JobContext,
  member: MemberRow,
  storyIds: number[],
  compose: (told: ToldStory[]) => Promise<Omit<OutgoingMail, 'to'>>,
  createdBy?: Date,
): Promise<boolean> {
  const claimed = await ctx.db
    .update(familyStoryNotices)
    .set({ sentAt: new Date() })
    .where(
      and(
        eq(familyStoryNotices.memberId, member.id),
        inArray(familyStoryNotices.storyId, storyIds),
        isNull(familyStoryNotices.sentAt),
        createdBy ? lte(familyStoryNotices.createdAt, createdBy) : undefined,
      ),
    )
    .returning({ storyId: familyStoryNotices.storyId });
  if (claimed.length === 0 || !member.email) return false;
  const { storyIds: shared } = await sharedWithMember(ctx.db, member);
  const stillShared = claimed.map((c) => c.storyId).filter((id) => shared.has(id));
  if (stillShared.length === 0) return false;
  const told = await Promise.all(stillShared.map((id) => toldStory(ctx, id)));
  try {
    await ctx.mailer!.send({ to: member.email, ...(await compose(told)) });
    return true;
  } catch (error) {
    await ctx.db
      .update(familyStoryNotices)
      .set({ sentAt: null })
      .where(and(eq(familyStoryNotices.memberId, member.id), inArray(familyStoryNotices.storyId, stillShared)));
    throw error;
  }
}

/** A story as a notice shows it: title, first lines, its reading link and its cover's thumbnail as an inline image. */
async function toldStory(ctx: JobContext, storyId: number): Promise<ToldStory> {
  const [story] = await ctx.db.select({ id: stories.id, title: stories.title, content: stories.content }).from(stories).where(eq(stories.id, storyId));
  const origin = ctx.siteOrigin()!;
  const coverId = await storyCoverPhotoId(ctx.db, storyId);
  let attachment: ToldStory['attachment'] = null;
  if (coverId !== null) {
    const [photo] = await ctx.db.select().from(photos).where(eq(photos.id, coverId));
    try {
      const copy = photo ? await readPhotoCopy(ctx.store, photo, 'thumb') : null;
      if (copy) attachment = { filename: `story-${storyId}.jpg`, content: await bytesOf(copy.body), contentType: copy.contentType, cid: `cover-${storyId}@saaga` };
    } catch (error) {
      ctx.log.warn({ storyId, err: error }, 'a notice goes without its cover: its copy could not be read');
    }
  }
  return {
    notice: { title: story.title, firstLines: firstLinesOf(story.content ?? ''), url: `${origin}/family/stories/${storyId}`, coverCid: attachment?.cid ?? null },
    attachment,
  };
}

async function bytesOf(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function tellerNameOf(db: Database, userId: string): Promise<string> {
  const [owner] = await db.select().from(users).where(eq(users.id, userId));
  return (owner && signatureName(owner)) || 'Saaga';
}
