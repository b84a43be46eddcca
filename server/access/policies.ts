import type {
  archiveExports, archiveImports, autobiographies, chapters, coAuthorTokens, familyMembers, familyQuestions, followUpQuestions, people, photos, places, publishedStories, recordings, recordingUploads, sessions, stories, storyComments,
} from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { Actor, SharedWithReader } from './actor.ts';

/** The rows access is decided on, by resource kind. */
export interface ResourceRows {
  story: typeof stories.$inferSelect;
  recording: typeof recordings.$inferSelect;
  person: typeof people.$inferSelect;
  place: typeof places.$inferSelect;
  chapter: typeof chapters.$inferSelect;
  followUpQuestion: typeof followUpQuestions.$inferSelect;
  autobiography: typeof autobiographies.$inferSelect;
  publishedStory: typeof publishedStories.$inferSelect;
  coAuthorToken: typeof coAuthorTokens.$inferSelect;
  session: typeof sessions.$inferSelect;
  archiveExport: typeof archiveExports.$inferSelect;
  archiveImport: typeof archiveImports.$inferSelect;
  recordingUpload: typeof recordingUploads.$inferSelect;
  photo: typeof photos.$inferSelect;
  familyMember: typeof familyMembers.$inferSelect;
  familyQuestion: typeof familyQuestions.$inferSelect;
  storyComment: typeof storyComments.$inferSelect;
}
export type ResourceKind = keyof ResourceRows;

/** What can be done to each kind of resource. */
export interface ResourceActions {
  /** respond: what a family reader may add to a story they read (a comment, a reaction, a voice reply). */
  story: 'read' | 'update' | 'delete' | 'addRecording' | 'respond';
  recording: 'read' | 'update' | 'delete';
  person: 'read' | 'update' | 'delete';
  place: 'read' | 'update' | 'delete';
  chapter: 'read' | 'update' | 'delete';
  followUpQuestion: 'read' | 'update' | 'delete';
  autobiography: 'read' | 'update' | 'delete';
  publishedStory: 'read' | 'delete';
  coAuthorToken: 'read' | 'delete';
  session: 'delete';
  archiveExport: 'read';
  archiveImport: 'read' | 'update' | 'delete';
  recordingUpload: 'read' | 'update' | 'delete';
  photo: 'read' | 'update' | 'delete';
  /** updateOwn: a reader's own name, language and notices in the circle (server/family reader routes). */
  familyMember: 'read' | 'update' | 'delete' | 'updateOwn';
  familyQuestion: 'read' | 'update' | 'delete';
  storyComment: 'delete';
}

declare const authorized: unique symbol;

/**
 * A row that `authorize` has let this actor do `A` to. Only `authorize` makes one, so a
 * domain function that takes `Authorized<StoryRow, 'update'>` cannot be handed a row
 * nobody checked (Karakeep's `Authorized<T>`).
 */
export type Authorized<Row, A extends string> = Row & { readonly [authorized]: A };

type Policy<K extends ResourceKind> = Record<ResourceActions[K], (actor: Actor, row: ResourceRows[K]) => boolean>;

const isOwner = (actor: Actor, row: { userId: string }) => actor.kind === 'user' && actor.user.id === row.userId;
const holdsLinkOf = (actor: Actor, storyId: number | null) => actor.kind === 'coAuthor' && storyId !== null && actor.storyId === storyId;
/** A contributor's own recording or photo, asked for through its link from the browser that made it. */
const isOwnContribution = (actor: Actor, row: { storyId: number | null; coAuthorTokenId: number | null; contributorKeyHash: string | null }) =>
  holdsLinkOf(actor, row.storyId) &&
  actor.kind === 'coAuthor' &&
  row.coAuthorTokenId === actor.tokenId &&
  actor.contributorKeyHash !== null &&
  row.contributorKeyHash === actor.contributorKeyHash;

/** A family reader's own voice reply (a recording on a story they read), whatever they read now. */
const isOwnReply = (actor: Actor, row: { userId: string; familyMemberId: number | null }) =>
  actor.kind === 'familyReader' && actor.ownerId === row.userId && row.familyMemberId !== null && row.familyMemberId === actor.memberId;

/** A family reader of the row's owner to whom the row is shared (the family feature computed the ids). */
const sharedWith = (actor: Actor, ownerId: string, id: number | null, ids: (shared: SharedWithReader) => ReadonlySet<number>) =>
  actor.kind === 'familyReader' && actor.ownerId === ownerId && id !== null && ids(actor.shared).has(id);
const readsStory = (actor: Actor, row: { userId: string; storyId: number | null }) => sharedWith(actor, row.userId, row.storyId, (s) => s.storyIds);

/** Who may do what: the one place these rules live (Outline's policies). */
const policies: { [K in ResourceKind]: Policy<K> } = {
  story: {
    read: (actor, story) => isOwner(actor, story) || holdsLinkOf(actor, story.id) || readsStory(actor, { userId: story.userId, storyId: story.id }),
    addRecording: (actor, story) => isOwner(actor, story) || holdsLinkOf(actor, story.id),
    update: isOwner,
    delete: isOwner,
    // A reader responds to what they read; the owner answers on their own story.
    respond: (actor, story) => isOwner(actor, story) || readsStory(actor, { userId: story.userId, storyId: story.id }),
  },
  recording: {
    // A shared story's recordings play for its readers, in the teller's own voice.
    read: (actor, recording) => isOwner(actor, recording) || readsStory(actor, recording),
    update: isOwner,
    delete: (actor, recording) => isOwner(actor, recording) || isOwnContribution(actor, recording) || isOwnReply(actor, recording),
  },
  person: { read: (actor, person) => isOwner(actor, person) || sharedWith(actor, person.userId, person.id, (s) => s.personIds), update: isOwner, delete: isOwner },
  place: { read: (actor, place) => isOwner(actor, place) || sharedWith(actor, place.userId, place.id, (s) => s.placeIds), update: isOwner, delete: isOwner },
  chapter: { read: (actor, chapter) => isOwner(actor, chapter) || sharedWith(actor, chapter.userId, chapter.id, (s) => s.chapterIds), update: isOwner, delete: isOwner },
  followUpQuestion: { read: isOwner, update: isOwner, delete: isOwner },
  autobiography: { read: isOwner, update: isOwner, delete: isOwner },
  // Published means public: anyone, signed in or not, may read it; only its owner unpublishes.
  publishedStory: { read: () => true, delete: isOwner },
  // A link is its owner's to see and revoke; holding it grants the story's rules above, not the link's.
  coAuthorToken: { read: isOwner, delete: isOwner },
  // A signed-in device: only its own account signs it out.
  session: { delete: isOwner },
  // An archive of the account: only the account downloads it.
  archiveExport: { read: isOwner },
  // An archive being imported: only the account it goes into sees, continues or cancels it.
  archiveImport: { read: isOwner, update: isOwner, delete: isOwner },
  // A recording being uploaded in pieces: only the account it goes into sees, continues, finishes or gives it up.
  recordingUpload: { read: isOwner, update: isOwner, delete: isOwner },
  // A photo is its owner's; a story's link holder sees the story's own photos (only their
  // derived copies are served to them) and, like a recording, removes their own contribution.
  photo: {
    read: (actor, photo) => isOwner(actor, photo) || holdsLinkOf(actor, photo.storyId) || readsStory(actor, photo),
    update: isOwner,
    delete: (actor, photo) => isOwner(actor, photo) || isOwnContribution(actor, photo),
  },
  // The circle is the owner's to see and change; a member never sees the others.
  familyMember: {
    read: isOwner,
    update: isOwner,
    delete: isOwner,
    updateOwn: (actor, member) => actor.kind === 'familyReader' && actor.memberId === member.id && actor.ownerId === member.userId,
  },
  // A question asked of the storyteller is theirs to see, answer or set aside.
  familyQuestion: { read: isOwner, update: isOwner, delete: isOwner },
  // A comment goes by the story's owner, or by the reader who wrote it.
  storyComment: { delete: (actor, comment) => isOwner(actor, comment) || (actor.kind === 'familyReader' && actor.memberId === comment.memberId && actor.ownerId === comment.userId) },
};

/** Whether the actor may do this to the row. */
export function can<K extends ResourceKind>(actor: Actor, action: ResourceActions[K], kind: K, row: ResourceRows[K]): boolean {
  return (policies[kind] as Policy<K>)[action](actor, row);
}

/**
 * The row, marked as checked for this action, or a 404: someone else's resource looks
 * exactly like one that does not exist.
 */
export function authorize<K extends ResourceKind, A extends ResourceActions[K]>(
  actor: Actor,
  action: A,
  kind: K,
  row: ResourceRows[K] | undefined,
): Authorized<ResourceRows[K], A> {
  if (!row || !can(actor, action, kind, row)) throw notFound(NOT_FOUND[kind]);
  return row as Authorized<ResourceRows[K], A>;
}

export const NOT_FOUND: Record<ResourceKind, string> = {
  story: 'Story not found',
  recording: 'Recording not found',
  person: 'Person not found',
  place: 'Place not found',
  chapter: 'Chapter not found',
  followUpQuestion: 'Question not found',
  autobiography: 'Autobiography not found',
  publishedStory: 'Story not found',
  coAuthorToken: 'Link not found',
  session: 'Device not found',
  archiveExport: 'Archive not found',
  archiveImport: 'Import not found',
  recordingUpload: 'Upload not found',
  photo: 'Photo not found',
  familyMember: 'Member not found',
  familyQuestion: 'Question not found',
  storyComment: 'Comment not found',
};
