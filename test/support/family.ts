import { randomBytes } from 'node:crypto';
import { FAMILY_COOKIE, type FamilyScope } from '../../contract/family.ts';
import { familyMemberChapters, familyMembers, familySessions } from '../../server/db/schema.ts';
import { hashFamilyToken } from '../../server/family/family-sign-in.ts';
import { HttpClient } from './http-client.ts';
import type { TestApp } from './test-app.ts';

/**
 * A relative who has joined `ownerId`'s circle, seeded in the database as joining leaves it
 * (a member row with its scope, a device sign-in), and a browser holding that sign-in's
 * signed cookie: for tests of what a reader may do that are not about joining.
 */
export async function familyReader(
  server: Pick<TestApp, 'app' | 'url' | 'database'>,
  ownerId: string,
  options: { scope?: FamilyScope; name?: string; email?: string; language?: 'en' | 'fi'; client?: HttpClient } = {},
): Promise<{ client: HttpClient; memberId: number; token: string }> {
  const db = server.database.db;
  const scope = options.scope ?? { all: true };
  const [member] = await db
    .insert(familyMembers)
    .values({
      userId: ownerId,
      name: options.name ?? 'Aino',
      email: options.email ?? null,
      language: options.language ?? 'en',
      scopeAll: 'all' in scope,
      joinedAt: new Date(),
    })
    .returning();
  if ('chapterIds' in scope) await db.insert(familyMemberChapters).values(scope.chapterIds.map((chapterId) => ({ memberId: member.id, chapterId })));
  const token = randomBytes(32).toString('base64url');
  await db.insert(familySessions).values({ tokenHash: hashFamilyToken(token), memberId: member.id, expiresAt: new Date(Date.now() + 86_400_000) });
  const client = options.client ?? new HttpClient(server.url);
  client.setCookie(FAMILY_COOKIE, encodeURIComponent(server.app.signCookie(token)));
  return { client, memberId: member.id, token };
}
