import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CONTRIBUTOR_KEY_HEADER, CONTRIBUTOR_KEY_PATTERN } from '../../contract/co-author.ts';

/**
 * A contributing browser's own key: given with its first contribution, kept on the device
 * and sent back in CONTRIBUTOR_KEY_HEADER. Only its hash is stored, so the database alone
 * cannot delete anyone's contribution.
 */
export const newContributorKey = () => randomBytes(32).toString('base64url');

export const hashContributorKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The key the request carries, when it is one this server could have given; anything else counts as none. */
export function contributorKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[CONTRIBUTOR_KEY_HEADER];
  return typeof value === 'string' && CONTRIBUTOR_KEY_PATTERN.test(value) ? value : null;
}
