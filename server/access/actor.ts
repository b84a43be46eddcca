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

/** What one member of a family circle may read: ids computed per request, so a change of scope or a removal holds at once. */
export interface SharedWithReader {
  storyIds: ReadonlySet<number>;
  /** Chapters holding at least one shared story. */
  chapterIds: ReadonlySet<number>;
  /** People and places named in the shared stories' recordings. */
  personIds: ReadonlySet<number>;
  placeIds: ReadonlySet<number>;
}

/**
 * A relative in the owner's family circle (issue 28): reads what is shared with them and
 * responds to it (comments, reactions, voice replies). Made for one owner's resources by the
 * family feature's `ReaderResolver` (reader-scope.ts), from the device's family sign-in or the
 * account the reader linked.
 */
export interface FamilyReaderActor {
  kind: 'familyReader';
  memberId: number;
  ownerId: string;
  /** The reader's own name, for what they write. */
  name: string;
  shared: SharedWithReader;
}

/** Anyone without a session, a link or a family sign-in: may read published stories only. */
export interface AnonymousActor {
  kind: 'anonymous';
}

/** Who is making a request; every access decision starts from this. */
export type Actor = SignedInActor | CoAuthorActor | FamilyReaderActor | AnonymousActor;

export const signedIn = (user: UserRow): SignedInActor => ({ kind: 'user', user });
export const anonymous: AnonymousActor = { kind: 'anonymous' };

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who is asking. Session authentication (server/auth/authenticate.ts) sets it on every
     * request, a signed-in person or anonymous; the link scope makes a link's holder of it, and
     * a route open to family readers a reader of it (reader-scope.ts).
     */
    actor: Actor;
  }
}
