import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FamilyReaderActor } from '../access/actor.ts';
import { readerIdentity } from '../access/reader-scope.ts';
import type { Database } from '../db/client.ts';
import { familyMembers } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { readerActorOf } from './reader-resolver.ts';

/**
 * The reader of one circle, on a route of the reader scope that names no resource (the
 * library, a question): the circle the caller asks for (a member id among this browser's
 * memberships), or the one they joined last. Another circle's id is a 404, like any id.
 */
export async function readerOfCircle(db: Database, request: FastifyRequest, circle?: number): Promise<FamilyReaderActor> {
  const { memberIds } = readerIdentity(request);
  if (circle !== undefined && !memberIds.includes(circle)) throw notFound('Circle not found');
  const members = await db.select().from(familyMembers).where(inArray(familyMembers.id, circle !== undefined ? [circle] : [...memberIds]));
  const member = members.sort((a, b) => (b.joinedAt?.getTime() ?? 0) - (a.joinedAt?.getTime() ?? 0))[0];
  if (!member) throw notFound('Circle not found');
  const reader = await readerActorOf(db, member);
  request.actor = reader;
  return reader;
}
