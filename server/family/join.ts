import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type NamedPerson, signatureName } from '../../contract/author-name.ts';
import type { FamilyJoinPreview } from '../../contract/family.ts';
import type { Language } from '../../contract/languages.ts';
import { toLanguage } from '../../contract/languages.ts';
import type { Database } from '../db/client.ts';
import { familyMembers, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { hashInvitationToken } from './invitation-link.ts';
import type { MemberRow } from './reader-resolver.ts';

export const invalidFamilyLink = () => new HttpError(404, 'invalid_family_link', 'This invitation link is not valid any more. Ask for a new one.');
export const ownCircle = () => new HttpError(400, 'own_circle', 'This is an invitation to your own family circle: send it to the relative it is for');

/** How a storyteller is named to their readers: as they sign their stories (contract/author-name.ts). */
export const tellerNameOf = (owner: NamedPerson): string | null => signatureName(owner);

/**
 * The member an invitation token names while it still works: not used, not expired, and its
 * owner's account not being deleted. Anything else is the same 404, whatever the reason.
 * The owner opening their own link is told so (and the link stays unused for the relative).
 */
async function liveInvitation(db: Database, token: string, callerId: string | null): Promise<{ member: MemberRow; tellerName: string | null }> {
  const [found] = await db
    .select({ member: familyMembers, authorName: users.authorName, firstName: users.firstName, lastName: users.lastName })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, familyMembers.userId))
    .where(and(eq(familyMembers.invitationTokenHash, hashInvitationToken(token)), gt(familyMembers.invitationExpiresAt, new Date()), isNull(users.deletionStartedAt)))
    .limit(1);
  if (!found) throw invalidFamilyLink();
  if (callerId === found.member.userId) throw ownCircle();
  return { member: found.member, tellerName: tellerNameOf(found) };
}

/** What the join page shows before anything is used: whose circle, and the name and language the owner gave. */
export async function previewInvitation(db: Database, token: string, callerId: string | null): Promise<FamilyJoinPreview> {
  const { member, tellerName } = await liveInvitation(db, token, callerId);
  return { tellerName: tellerName ?? '', name: member.name, language: toLanguage(member.language) };
}

/**
 * Uses the invitation: one conditional update clears the token, so of two browsers opening
 * the link at once only one gets in. The member has joined (a later link for another device
 * keeps the first joining time). A signed-in caller who is not the owner also gets the
 * membership on their account (to read on their other devices), unless another account has it.
 * Nobody is signed in to any account here: the caller's own session is all that is used.
 */
export async function useInvitation(
  db: Database,
  token: string,
  input: { name: string; language?: Language },
  callerId: string | null,
): Promise<MemberRow> {
  const { member } = await liveInvitation(db, token, callerId);
  const [joined] = await db
    .update(familyMembers)
    .set({
      invitationTokenHash: null,
      invitationExpiresAt: null,
      joinedAt: sql`coalesce(${familyMembers.joinedAt}, now())`,
      name: input.name,
      language: input.language ?? member.language,
      readerUserId: callerId ? sql`coalesce(${familyMembers.readerUserId}, ${callerId}::uuid)` : undefined,
    })
    .where(and(eq(familyMembers.id, member.id), eq(familyMembers.invitationTokenHash, hashInvitationToken(token)), gt(familyMembers.invitationExpiresAt, new Date())))
    .returning();
  if (!joined) throw invalidFamilyLink();
  return joined;
}
