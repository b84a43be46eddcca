import type { users } from '../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/** A signed-in person: owns their stories, recordings, people, places and chapters. */
export interface SignedInActor {
  kind: 'user';
  user: UserRow;
}

/**
 * Whoever holds a story's co-author link: may read that story and add recordings to it,
 * and delete their own contributions from the browser that made them.
 */
export interface CoAuthorActor {
  kind: 'coAuthor';
  tokenId: number;
  storyId: number;
  /** Hash of the contributing browser's own key, when it sent one. */
  contributorKeyHash: string | null;
}

/** Anyone without a session or a link: may read published stories only. */
export interface ReaderActor {
  kind: 'reader';
}

/** Who is making a request; every access decision starts from this. */
export type Actor = SignedInActor | CoAuthorActor | ReaderActor;

export const signedIn = (user: UserRow): SignedInActor => ({ kind: 'user', user });
export const reader: ReaderActor = { kind: 'reader' };

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who is asking. Session authentication (server/auth/authenticate.ts) sets it on every
     * request, a signed-in person or a reader; the link scope makes a link's holder of it.
     */
    actor: Actor;
  }
}
