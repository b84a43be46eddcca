import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COAUTHOR_TOKEN_PATTERN } from '../../contract/co-author.ts';
import type { CoAuthorActor } from '../access/actor.ts';
import type { LinkResolver } from '../access/link-scope.ts';
import type { Database } from '../db/client.ts';
import { coAuthorTokens } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { contributorKeyOf, hashContributorKey } from './contributor-key.ts';
import { hashLinkToken } from './links.ts';

/** An unknown, revoked or malformed link: all look the same (spec: the invalid-link view). */
export const invalidLink = () => new HttpError(404, 'invalid_token', 'Invalid or expired collaboration token');

/** A link route's `:token`, when it has a token's shape. */
const linkParams = z.object({ token: z.string().regex(COAUTHOR_TOKEN_PATTERN) });

/**
 * The link scope's resolver (server/access/link-scope.ts): the holder of `:token` is a
 * co-author of its story (a session, if any, does not count on these routes), and their
 * browser is the contributor key it sent. What they may do is then the policies'
 * (`server/access/policies.ts`).
 */
export function resolveLinkHolder(db: Database): LinkResolver {
  return async (request: FastifyRequest): Promise<CoAuthorActor> => {
    // Not a token's shape: refused before the database is asked.
    const params = linkParams.safeParse(request.params);
    if (!params.success) throw invalidLink();
    const [link] = await db
      .select({ id: coAuthorTokens.id, storyId: coAuthorTokens.storyId })
      .from(coAuthorTokens)
      .where(eq(coAuthorTokens.tokenHash, hashLinkToken(params.data.token)));
    if (!link) throw invalidLink();
    const key = contributorKeyOf(request);
    return { kind: 'coAuthor', tokenId: link.id, storyId: link.storyId, contributorKeyHash: key ? hashContributorKey(key) : null };
  };
}

/** The `:token` of a link route the scope already resolved (what the page's photo addresses carry), read through the same schema. */
export const linkTokenOf = (request: FastifyRequest): string => linkParams.parse(request.params).token;
