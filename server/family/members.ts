import { asc, count, eq, inArray } from 'drizzle-orm';
import { FAMILY_MEMBERS_MAX, type FamilyInvitationInput, type FamilyMemberView, type FamilyScope } from '../../contract/family.ts';
import { type Language, toLanguage } from '../../contract/languages.ts';
import type { Actor } from '../access/actor.ts';
import { loadAll } from '../access/loaders.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { familyMemberChapters, familyMembers, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { newInvitationToken } from './invitation-link.ts';
import type { MemberRow } from './reader-resolver.ts';

/** What a member is to see, checked: the whole archive, or chapters the owner may share. */
export type CheckedScope = { all: true } | { chapterIds: number[] };

export const familyMembersLimit = () =>
  new HttpError(400, 'family_members_limit', `A family circle can have at most ${FAMILY_MEMBERS_MAX} members`);

/** A scope's chapter ids go through loadAll: another person's chapter (or none) is a 404, as any id. */
export async function checkScope(db: Database, actor: Actor, scope: FamilyScope): Promise<CheckedScope> {
  if ('all' in scope) return { all: true };
  const chapters = await loadAll(db, actor, 'chapter', scope.chapterIds, 'update');
  return { chapterIds: chapters.map((chapter) => chapter.id) };
}

/**
 * A new member, invited: the link's token is returned once and only its hash kept. The
 * owner's row is locked while the circle is counted, so two invitations at once cannot
 * both take the last place.
 */
export async function inviteMember(
  db: Database,
  ownerId: string,
  input: Pick<FamilyInvitationInput, 'email' | 'name'> & { language: Language; scope: CheckedScope },
): Promise<{ member: MemberRow; token: string }> {
  const { token, tokenHash, expiresAt } = newInvitationToken();
  const member = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
    const [{ members }] = await tx.select({ members: count() }).from(familyMembers).where(eq(familyMembers.userId, ownerId));
    if (members >= FAMILY_MEMBERS_MAX) throw familyMembersLimit();
    const [row] = await tx
      .insert(familyMembers)
      .values({
        userId: ownerId,
        email: input.email ?? null,
        name: input.name ?? null,
        language: input.language,
        scopeAll: 'all' in input.scope,
        invitationTokenHash: tokenHash,
        invitationExpiresAt: expiresAt,
      })
      .returning();
    if ('chapterIds' in input.scope) {
      await tx.insert(familyMemberChapters).values(input.scope.chapterIds.map((chapterId) => ({ memberId: row.id, chapterId })));
    }
    return row;
  });
  return { member, token };
}

/** A member's new scope, holding from the reader's next request (what they see is read afresh each time). */
export async function changeScope(db: Database, member: Authorized<ResourceRows['familyMember'], 'update'>, scope: CheckedScope): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(familyMembers).set({ scopeAll: 'all' in scope }).where(eq(familyMembers.id, member.id));
    await tx.delete(familyMemberChapters).where(eq(familyMemberChapters.memberId, member.id));
    if ('chapterIds' in scope) {
      await tx.insert(familyMemberChapters).values(scope.chapterIds.map((chapterId) => ({ memberId: member.id, chapterId })));
    }
  });
}

/** Removing a member deletes the row: their sign-ins go with it (cascade), so their next request is a 401. */
export async function removeMember(db: Database, member: Authorized<ResourceRows['familyMember'], 'delete'>): Promise<void> {
  await db.delete(familyMembers).where(eq(familyMembers.id, member.id));
}

/**
 * A new link for a member: for one who has not joined (the old link stops working), or for a
 * reader to sign in on another device. Like the first, it works once.
 */
export async function renewLink(db: Database, member: Authorized<ResourceRows['familyMember'], 'update'>): Promise<string> {
  const { token, tokenHash, expiresAt } = newInvitationToken();
  await db.update(familyMembers).set({ invitationTokenHash: tokenHash, invitationExpiresAt: expiresAt }).where(eq(familyMembers.id, member.id));
  return token;
}

/** The owner's circle, oldest invitation first. */
export async function listMembers(db: Database, ownerId: string): Promise<FamilyMemberView[]> {
  const rows = await db.select().from(familyMembers).where(eq(familyMembers.userId, ownerId)).orderBy(asc(familyMembers.createdAt), asc(familyMembers.id));
  const chapters = await chaptersOf(db, rows.map((row) => row.id));
  return rows.map((row) => presentMember(row, chapters.get(row.id) ?? []));
}

export async function memberView(db: Database, memberId: number): Promise<FamilyMemberView> {
  const [row] = await db.select().from(familyMembers).where(eq(familyMembers.id, memberId));
  return presentMember(row, (await chaptersOf(db, [row.id])).get(row.id) ?? []);
}

async function chaptersOf(db: Database, memberIds: number[]): Promise<Map<number, number[]>> {
  const byMember = new Map<number, number[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .select()
    .from(familyMemberChapters)
    .where(inArray(familyMemberChapters.memberId, memberIds))
    .orderBy(asc(familyMemberChapters.chapterId));
  for (const row of rows) byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row.chapterId]);
  return byMember;
}

function presentMember(row: MemberRow, chapterIds: number[]): FamilyMemberView {
  const expired = !row.joinedAt && (!row.invitationExpiresAt || row.invitationExpiresAt.getTime() <= Date.now());
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    scope: row.scopeAll ? { all: true } : { chapterIds },
    state: row.joinedAt ? 'joined' : expired ? 'expired' : 'invited',
    invitedAt: row.createdAt.toISOString(),
    joinedAt: row.joinedAt?.toISOString() ?? null,
    lastVisitedAt: row.lastVisitedAt?.toISOString() ?? null,
    notice: row.notice,
  };
}

/** The language a member is written to in: as the owner chose, else the owner's own. */
export const memberLanguage = (chosen: Language | undefined, owner: { languagePreference: string | null }): Language =>
  chosen ?? toLanguage(owner.languagePreference);
