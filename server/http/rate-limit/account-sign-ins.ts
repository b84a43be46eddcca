import type { FastifyReply } from 'fastify';
import { HttpError } from '../errors.ts';
import type { RateLimitCounters } from './counters.ts';

export interface AccountSignInLimit {
  /** Sign-in attempts one e-mail address may take per window, whatever addresses they come from. */
  max: number;
  windowMs: number;
}

/**
 * Sign-in attempts per account (the e-mail address tried, as the sign-in form normalises
 * it: trimmed, lower case), besides the per-address limit: guessing one person's password
 * from many addresses is held back too. Counted in the shared counters, so it holds across
 * servers. Every attempt counts as it starts (so parallel guesses cannot slip past the count),
 * a correct password or a reset password starts the count over. A fixed window, never a
 * lasting lock: the owner can sign in again once it passes, or at once through a password
 * reset, which also signs them in.
 */
export function accountSignIns(counters: RateLimitCounters, limit: AccountSignInLimit) {
  const keyOf = (email: string) => `sign-in account:${email}`;
  return {
    /** Counts an attempt on this account; past the limit, a 429 like every other rate limit's, with its Retry-After. */
    async attempt(email: string, reply: FastifyReply): Promise<void> {
      const { hits, ttlMs } = await counters.hit(keyOf(email), limit.windowMs);
      if (hits <= limit.max) return;
      reply.header('retry-after', String(Math.ceil(ttlMs / 1000)));
      throw new HttpError(429, 'rate_limited', 'Too many requests. Please try again later.');
    },

    /** The account was signed in to, or its password reset: its count starts over. */
    async clear(email: string): Promise<void> {
      await counters.clear(keyOf(email));
    },
  };
}

export type AccountSignIns = ReturnType<typeof accountSignIns>;
