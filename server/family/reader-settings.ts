import { and, asc, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { FamilyCircleView, FamilyNotice } from '../../contract/family.ts';
import { type Language, toLanguage } from '../../contract/languages.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { familyMembers, users } from '../db/schema.ts';
import { tellerNameOf } from './join.ts';

/** The circles a browser reads (its live memberships), each with the reader's own settings there. */
export async function circlesOf(db: Database, memberIds: readonly number[]): Promise<FamilyCircleView[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({ member: familyMembers, authorName: users.authorName, firstName: users.firstName, lastName: users.lastName })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, familyMembers.userId))
    .where(inArray(familyMembers.id, [...memberIds]))
    .orderBy(asc(familyMembers.joinedAt), asc(familyMembers.id));
  return rows.map(({ member, ...owner }) => ({
    circle: member.id,
    tellerName: tellerNameOf(owner) ?? '',
    name: member.name ?? '',
    language: toLanguage(member.language),
    notice: member.notice,
    onAccount: member.readerUserId !== null,
  }));
}

/** The reader's own name, language and notices, in one circle. */
export async function updateOwnSettings(
  db: Database,
  member: Authorized<ResourceRows['familyMember'], 'updateOwn'>,
  patch: { name?: string; language?: Language; notice?: FamilyNotice },
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.update(familyMembers).set(patch).where(eq(familyMembers.id, member.id));
}

/**
 * "Read on another device": the circles this device's family sign-in reads go onto the
 * signed-in account. Not one the account owns itself, nor one another account has already
 * claimed (that reader keeps it).
 */
export async function claimCircles(db: Database, userId: string, deviceMemberIds: readonly number[]): Promise<void> {
  if (deviceMemberIds.length === 0) return;
  await db
    .update(familyMembers)
    .set({ readerUserId: userId })
    .where(
      and(
        inArray(familyMembers.id, [...deviceMemberIds]),
        isNotNull(familyMembers.joinedAt),
        ne(familyMembers.userId, userId),
        or(isNull(familyMembers.readerUserId), eq(familyMembers.readerUserId, userId)),
      ),
    );
}
