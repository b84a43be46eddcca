import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { COAUTHOR_TOKEN_PATTERN } from '../../contract/co-author.ts';
import type { CoAuthorActor } from '../access/actor.ts';
import type { Database } from '../db/client.ts';
import { coAuthorTokens } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { contributorKeyOf, hashContributorKey } from './contributor-key.ts';
import { hashLinkToken } from './links.ts';

/** An unknown, revoked or malformed link: all look the same (spec: the invalid-link view). */
export const invalidLink = () => new HttpError(404, 'invalid_token', 'Invalid or expired collaboration token');

/**
 * Makes the holder of `:token` the request's actor, before the body is read: whoever
 * holds a live link is a co-author of its story (a session, if any, does not count on
 * these routes), and their browser is the contributor key it sent. What they may do is
 * then the policies' (`server/access/policies.ts`).
 */
export function resolveLinkHolder(db: Database) {
  return async (request: FastifyRequest) => {
    const { token } = request.params as { token?: string };
    // Not a token's shape: refused before the database is asked.
    if (!token || !COAUTHOR_TOKEN_PATTERN.test(token)) throw invalidLink();
    const [link] = await db
      .select({ id: coAuthorTokens.id, storyId: coAuthorTokens.storyId })
      .from(coAuthorTokens)
      .where(eq(coAuthorTokens.tokenHash, hashLinkToken(token)));
    if (!link) throw invalidLink();
    const key = contributorKeyOf(request);
    const actor: CoAuthorActor = { kind: 'coAuthor', tokenId: link.id, storyId: link.storyId, contributorKeyHash: key ? hashContributorKey(key) : null };
    request.actor = actor;
  };
}

/** The link holder of a request that went through `resolveLinkHolder`. */
export function linkHolder(request: FastifyRequest): CoAuthorActor {
  if (request.actor.kind !== 'coAuthor') throw new Error(`${request.routeOptions.url} does not resolve its link first`);
  return request.actor;
}
