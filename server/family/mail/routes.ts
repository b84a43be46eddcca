import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type RecordLinkOpened, type SharedWithFamily, type UnsubscribeResult, weeklyQuestionSettingsSchema, type WeeklyQuestionSettingsView } from '../../../contract/family.ts';
import { pathResource } from '../../access/path-resource.ts';
import { currentUser } from '../../auth/authenticate.ts';
import { type SessionStore, startNewSession } from '../../auth/sessions.ts';
import { emailNotVerified } from '../../auth/welcome-email-routes.ts';
import type { Database } from '../../db/client.ts';
import { familyMembers, stories, users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { perAddress, perUser } from '../../http/rate-limit/index.ts';
import type { SiteOrigin } from '../../http/site-origin.ts';
import type { Queue } from '../../jobs/queue.ts';
import { UNSUBSCRIBE_PATH } from './links.ts';
import { liveRecordLink, recordLinkInvalid, useRecordLink } from './record-links.ts';
import { shareStoryWithFamily } from './story-notices.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';
import { isTimeZone } from './weekly-slot.ts';

/** What the Settings card shows before anything is chosen: Monday at 9:00. */
const DEFAULT_SLOT = { day: 1, minute: 9 * 60 };

const storyToShare = pathResource('story', 'update');

/**
 * The storyteller's side (signed in): the weekly question's schedule, and "Share with family"
 * for a story held back while the owner reviews new stories first.
 */
export async function familyMailRoutes(app: FastifyInstance, deps: { db: Database; queue: Queue }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, queue } = deps;

  // Read afresh: the request's user may be the session cache's copy from before a change.
  api.get('/api/family/weekly-question', async (request): Promise<WeeklyQuestionSettingsView> => {
    const [user] = await db.select().from(users).where(eq(users.id, currentUser(request).id));
    return settingsOf(user);
  });

  api.put('/api/family/weekly-question', { schema: { body: weeklyQuestionSettingsSchema }, config: { rateLimit: perUser(30) } }, async (request): Promise<WeeklyQuestionSettingsView> => {
    const user = currentUser(request);
    const { enabled, day, minute, timeZone } = request.body;
    if (!isTimeZone(timeZone)) throw new HttpError(400, 'invalid_time_zone', 'Choose a time zone from the list');
    if (enabled && !user.email) throw new HttpError(400, 'no_email', 'Your account has no e-mail address');
    if (enabled && !user.emailVerifiedAt) throw emailNotVerified();
    const [saved] = await db
      .update(users)
      .set({ weeklyQuestionDay: enabled ? day : null, weeklyQuestionMinute: minute, timeZone, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return { ...settingsOf(saved), day };
  });

  api.post('/api/stories/:id/share-with-family', { config: storyToShare.config }, async (request): Promise<SharedWithFamily> => {
    const story = storyToShare.of(request);
    if (story.processingStatus !== 'generated') throw new HttpError(409, 'story_not_written', 'This story is not written yet: share it once it is');
    await db.transaction((tx) => shareStoryWithFamily(tx, queue, story.id, { unlessReviewFirst: false }));
    const [row] = await db.select({ at: stories.sharedWithFamilyAt }).from(stories).where(eq(stories.id, story.id));
    return { sharedWithFamilyAt: row.at!.toISOString() };
  });
}

function settingsOf(user: typeof users.$inferSelect): WeeklyQuestionSettingsView {
  return {
    enabled: user.weeklyQuestionDay !== null,
    day: user.weeklyQuestionDay ?? DEFAULT_SLOT.day,
    minute: user.weeklyQuestionMinute ?? DEFAULT_SLOT.minute,
    timeZone: user.timeZone,
  };
}

const tokenQuery = z.object({ token: z.string().min(1).max(200) });

/**
 * What an e-mail's links reach without a session (rate limited per address): the one-click
 * unsubscribe (RFC 8058) and the weekly question's once-only link to the recorder.
 */
export async function familyMailPublicRoutes(app: FastifyInstance, deps: { db: Database; sessions: SessionStore; site: SiteOrigin; secret: string; rateLimit: number }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, site, secret } = deps;
  const limit = { rateLimit: perAddress(deps.rateLimit) };
  // A mail program's one-click POST is a form (List-Unsubscribe=One-Click); the token in the address is all that counts.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  // POST stops at once (a mail program's button, or the page's); nothing else is read.
  api.post(UNSUBSCRIBE_PATH, { schema: { querystring: tokenQuery }, config: limit }, async (request): Promise<UnsubscribeResult> => {
    const what = readUnsubscribeToken(secret, request.query.token);
    if (!what) throw new HttpError(404, 'unsubscribe_invalid', 'This unsubscribe link is not valid');
    if (what.kind === 'weekly') {
      await db.update(users).set({ weeklyQuestionDay: null, updatedAt: new Date() }).where(eq(users.id, what.userId));
    } else {
      await db.update(familyMembers).set({ notice: 'off', updatedAt: new Date() }).where(eq(familyMembers.id, what.memberId));
    }
    return { stopped: what.kind };
  });

  // GET (a link scanner, or the address opened by hand) changes nothing: it leads to the page with the button.
  api.get(UNSUBSCRIBE_PATH, { schema: { querystring: tokenQuery }, config: limit }, async (request, reply) =>
    reply.header('cache-control', 'no-store').redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );

  // The weekly question's link: works once, before it expires; signs in only as its storyteller.
  api.post('/api/record-links/:token', { schema: { params: tokenQuery }, config: limit }, async (request, reply): Promise<RecordLinkOpened> => {
    const { token } = request.params;
    const link = await liveRecordLink(db, token);
    if (!link) throw recordLinkInvalid();
    // Signed in as someone else: say so, and leave both the link and the session as they are.
    if (request.user && request.user.id !== link.userId) {
      throw new HttpError(409, 'record_link_other_account', 'This link is for another account. Sign out first, then open the link again.');
    }
    const used = await useRecordLink(db, token);
    const signedIn = !request.user;
    if (signedIn) await startNewSession(sessions, request, reply, used.userId, site);
    return reply.header('cache-control', 'no-store').send({ question: used.question, questionId: used.questionId, signedIn });
  });
}
