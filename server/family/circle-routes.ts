import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailNotVerified } from '../auth/welcome-email-routes.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type FamilyInvitationCreated, familyInvitationSchema, type FamilyLinkCreated, familyMemberPatchSchema, familySettingsSchema, type FamilySettings } from '../../contract/family.ts';
import { pathResource } from '../access/path-resource.ts';
import { signedInActor } from '../access/signed-in-scope.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Mailer } from '../email/mailer.ts';
import { perUser } from '../http/rate-limit/index.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import { invitationLink } from './invitation-link.ts';
import { invitationMessage } from './invitation-message.ts';
import { tellerNameOf } from './join.ts';
import { changeScope, checkScope, inviteMember, listMembers, memberLanguage, memberView, removeMember, renewLink } from './members.ts';

const memberToChange = pathResource('familyMember', 'update');
const memberToRemove = pathResource('familyMember', 'delete');

/**
 * The owner's side of the family circle (signed in): inviting relatives (by e-mail or a link
 * to hand over), seeing and changing each membership, and whether new stories wait for the
 * owner's review before they reach the circle.
 */
export async function familyCircleRoutes(app: FastifyInstance, deps: { db: Database; mailer: Mailer; site: SiteOrigin; invitationsPerHour: number }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, site } = deps;
  // Each invitation may send an e-mail to an address the owner typed: counted per account.
  const invitationLimit = { rateLimit: { ...perUser(deps.invitationsPerHour), timeWindow: '1 hour' } };

  api.post('/api/family/invitations', { config: invitationLimit, schema: { body: familyInvitationSchema } }, async (request, reply) => {
    const owner = currentUser(request);
    const origin = site.forLinks(); // before anything is made: a server that cannot give its address makes no link
    const { email, name, language, scope } = request.body;
    // An account nobody has proven an address for sends no e-mail to others (links still work).
    if (email && !owner.emailVerifiedAt) throw emailNotVerified();
    const checked = await checkScope(db, signedInActor(request), scope);
    const { member, token } = await inviteMember(db, owner.id, { email, name, language: memberLanguage(language, owner), scope: checked });
    const link = invitationLink(origin, token);
    let emailed = false;
    if (email) {
      try {
        const message = invitationMessage(memberLanguage(language, owner), { name: name ?? null, tellerName: tellerNameOf(owner) }, link);
        await mailer.send({ to: email, ...message });
        emailed = true;
      } catch (error) {
        // The member and the link stand: the owner is shown the link and can pass it on.
        request.log.error({ err: error }, 'family invitation e-mail failed');
      }
    }
    return reply.status(201).send({ id: member.id, link, emailed } satisfies FamilyInvitationCreated);
  });

  api.get('/api/family/members', async (request) => listMembers(db, currentUser(request).id));

  api.patch('/api/family/members/:id', { config: memberToChange.config, schema: { body: familyMemberPatchSchema } }, async (request) => {
    const member = memberToChange.of(request);
    await changeScope(db, member, await checkScope(db, signedInActor(request), request.body.scope));
    return memberView(db, member.id);
  });

  api.delete('/api/family/members/:id', { config: memberToRemove.config }, async (request, reply) => {
    await removeMember(db, memberToRemove.of(request));
    return reply.status(204).send();
  });

  // A new once-only link: for a relative who has not joined yet, or to read on another device.
  api.post('/api/family/members/:id/link', { config: { ...memberToChange.config, ...invitationLimit } }, async (request, reply) => {
    const origin = site.forLinks();
    const token = await renewLink(db, memberToChange.of(request));
    return reply.status(201).send({ link: invitationLink(origin, token) } satisfies FamilyLinkCreated);
  });

  // Read from the table, not the session's (briefly cached) copy of the account.
  api.get('/api/family/settings', async (request): Promise<FamilySettings> => {
    const [row] = await db.select({ reviewFirst: users.familyReviewFirst }).from(users).where(eq(users.id, currentUser(request).id));
    return row;
  });

  api.patch('/api/family/settings', { schema: { body: familySettingsSchema } }, async (request) => {
    const [row] = await db
      .update(users)
      .set({ familyReviewFirst: request.body.reviewFirst })
      .where(eq(users.id, currentUser(request).id))
      .returning({ reviewFirst: users.familyReviewFirst });
    return row;
  });
}
