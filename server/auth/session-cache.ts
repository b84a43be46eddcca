import { LRUCache } from 'lru-cache';

/**
 * A few seconds' memory of live sessions (token hash -> user), so that a request does not
 * wait on the database for its session. Bounded: the least recently used entry goes first.
 *
 * Sign-out and anything else that ends sessions evicts here at once; another server that
 * cached the same session forgets it when its entry expires, `ttlMs` later at the latest.
 * Unknown tokens are never remembered: a session made on another server works here at once,
 * and random cookies cannot fill the cache.
 */
export function sessionCache<User extends { id: string }>(options: { ttlMs: number; maxEntries: number }) {
  const entries = options.ttlMs > 0 ? new LRUCache<string, User>({ max: options.maxEntries, ttl: options.ttlMs }) : null;
  // Bumped by every eviction: a lookup that started before one must not cache what it read,
  // as the row it read may be the session that was just ended.
  let generation = 0;

  return {
    /** The marker to hand back to `remember`, taken before the database is read. */
    generation: () => generation,

    get: (tokenHash: string): User | undefined => entries?.get(tokenHash),

    /** Remembers a session read from the database, until its own end if that comes first. */
    remember(tokenHash: string, user: User, sessionEndsAt: Date, readAtGeneration: number): void {
      if (!entries || readAtGeneration !== generation) return;
      const ttl = Math.min(options.ttlMs, sessionEndsAt.getTime() - Date.now());
      if (ttl > 0) entries.set(tokenHash, user, { ttl });
    },

    /** One session ended (sign-out). */
    forgetSession(tokenHash: string): void {
      generation++;
      entries?.delete(tokenHash);
    },

    /** Every session of a user ended or their row changed (password reset, new language or author name). */
    forgetUser(userId: string): void {
      generation++;
      if (!entries) return;
      for (const [tokenHash, user] of entries.entries()) if (user.id === userId) entries.delete(tokenHash);
    },

    get size() {
      return entries?.size ?? 0;
    },
  };
}

export type SessionCache<User extends { id: string }> = ReturnType<typeof sessionCache<User>>;
