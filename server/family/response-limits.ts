import type { FastifyRequest } from 'fastify';
import { readerIdentity } from '../access/reader-scope.ts';

/**
 * How much a family reader may write (comments, reactions, questions, voice replies) before
 * being asked to wait: generous for a person, a wall for a script. Counted in the database
 * like every rate limit (server/http/rate-limit), per reader's device sign-in.
 */
export const FAMILY_RESPONSE_LIMITS = {
  /** Comments, reactions and deletions a minute, per reader. */
  writesPerMinute: 20,
  /** Questions a minute, per reader. */
  questionsPerMinute: 5,
  /** Voice reply uploads a minute, per reader (the hour's quota is the upload path's, per member and per owner). */
  repliesPerMinute: 5,
  /** Questions a storyteller may be asked a day by their whole circle: each may become an e-mail. */
  questionsPerOwnerPerDay: 50,
  /** The storyteller's own answers (comments) a minute. */
  tellerCommentsPerMinute: 20,
} as const;

/**
 * A route's rate limit per family reader, for routes of the reader scope (whose membership
 * check runs first): keyed by the memberships the browser reads for.
 */
export const perReader = (max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `reader:${[...readerIdentity(request).memberIds].sort((a, b) => a - b).join(',')}`,
});
