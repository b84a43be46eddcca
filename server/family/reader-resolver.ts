import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FamilyReaderActor } from '../access/actor.ts';
import type { ReaderIdentity, ReaderResolver } from '../access/reader-scope.ts';
import type { Database } from '../db/client.ts';
import { familyMembers, users } from '../db/schema.ts';
import { liveMemberIds, readFamilyToken } from './family-sign-in.ts';
import { sharedWithMember } from './shared-with.ts';

/** How stale a member's "last visited" may get before a visit writes it again. */
const LAST_VISIT_STEP_MS = 5 * 60 * 1000;

export type MemberRow = typeof familyMembers.$inferSelect;

/**
 * The family feature's answer to access (server/access/reader-scope.ts): a browser reads for
 * the members its family sign-in names and those its signed-in account claimed, as long as
 * the member row exists (removal deletes it), has joined, and its owner's account is not
 * being deleted. Nothing here is cached: a removal or a change of scope holds at the next request.
 */
export function readerResolver(db: Database): ReaderResolver {
  return {
    async identify(request: FastifyRequest): Promise<ReaderIdentity | null> {
      const token = readFamilyToken(request);
      const fromDevice = token ? await liveMemberIds(db, token) : [];
      const fromAccount = request.user ? [eq(familyMembers.readerUserId, request.user.id)] : [];
      if (fromDevice.length === 0 && fromAccount.length === 0) return null;
      const rows = await db
        .select({ id: familyMembers.id })
        .from(familyMembers)
        .innerJoin(users, eq(users.id, familyMembers.userId))
        .where(
          and(
            or(fromDevice.length > 0 ? inArray(familyMembers.id, fromDevice) : undefined, ...fromAccount),
            isNotNull(familyMembers.joinedAt),
            isNull(users.deletionStartedAt),
          ),
        );
      return rows.length > 0 ? { memberIds: rows.map((row) => row.id) } : null;
    },

    async readerOf(identity: ReaderIdentity, ownerId: string): Promise<FamilyReaderActor | null> {
      const [member] = await db
        .select()
        .from(familyMembers)
        .where(and(inArray(familyMembers.id, [...identity.memberIds]), eq(familyMembers.userId, ownerId)))
        .limit(1);
      return member ? readerActorOf(db, member) : null;
    },
  };
}

/** The reader a member row is now, with what is shared with it; the visit is noted. */
export async function readerActorOf(db: Database, member: MemberRow): Promise<FamilyReaderActor> {
  await noteVisit(db, member);
  return {
    kind: 'familyReader',
    memberId: member.id,
    ownerId: member.userId,
    name: member.name ?? '',
    shared: await sharedWithMember(db, member),
  };
}

/** The owner sees when each reader last visited; written at most every few minutes. */
async function noteVisit(db: Database, member: MemberRow): Promise<void> {
  if (member.lastVisitedAt && Date.now() - member.lastVisitedAt.getTime() < LAST_VISIT_STEP_MS) return;
  await db
    .update(familyMembers)
    .set({ lastVisitedAt: new Date() })
    .where(and(eq(familyMembers.id, member.id), or(isNull(familyMembers.lastVisitedAt), lt(familyMembers.lastVisitedAt, new Date(Date.now() - LAST_VISIT_STEP_MS)))));
}
