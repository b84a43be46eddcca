import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { signatureName } from '../../contract/author-name.ts';
import { FAMILY_REACTIONS, type FamilyCommentView, type FamilyReaction, type FamilyReplyView, type FamilyResponsesView } from '../../contract/family.ts';
import type { Actor, FamilyReaderActor, SignedInActor } from '../access/actor.ts';
import { type Authorized, can, type ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { recordings, storyComments, storyReactions } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';

type StoryRow = ResourceRows['story'];
type CommentRow = ResourceRows['storyComment'];
/** The story a route named, authorized for reading or responding (policies.ts). */
type RespondedStory = Authorized<StoryRow, 'respond'>;
/** The story whose responses are shown: read by a reader, or the owner's own. */
type ShownStory = Authorized<StoryRow, 'read' | 'respond' | 'update'>;

/** The reader a reader-scope route was authorized as; the story's owner uses their own routes. */
export function respondingReader(actor: Actor): FamilyReaderActor {
  if (actor.kind !== 'familyReader') throw notFound('Story not found');
  return actor;
}

/**
 * What readers and the storyteller said about a story: comments oldest first (a
 * conversation reads down), reactions counted, voice replies oldest first. `mine` is what
 * the caller may delete: a reader's own; the owner's own answers (and the owner may delete any).
 */
export async function responsesView(db: Database, actor: Actor, story: ShownStory): Promise<FamilyResponsesView> {
  const comments = await db.select().from(storyComments).where(eq(storyComments.storyId, story.id)).orderBy(asc(storyComments.createdAt), asc(storyComments.id));
  const reactionRows = await db
    .select({ reaction: storyReactions.reaction, count: count(), memberId: storyReactions.memberId })
    .from(storyReactions)
    .where(eq(storyReactions.storyId, story.id))
    .groupBy(storyReactions.reaction, storyReactions.memberId);
  const replies = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.storyId, story.id), isNotNull(recordings.familyMemberId)))
    .orderBy(asc(recordings.createdAt), asc(recordings.id));
  const memberId = actor.kind === 'familyReader' ? actor.memberId : null;
  return {
    comments: comments.map((row) => presentComment(row, actor)),
    reactions: FAMILY_REACTIONS.flatMap((reaction) => {
      const rows = reactionRows.filter((row) => row.reaction === reaction);
      const total = rows.reduce((sum, row) => sum + row.count, 0);
      return total > 0 ? [{ reaction, count: total, mine: rows.some((row) => row.memberId === memberId) }] : [];
    }),
    replies: replies.map((row) => presentReply(row, actor)),
  };
}

export function presentComment(row: CommentRow, actor: Actor): FamilyCommentView {
  return {
    id: row.id,
    authorName: row.authorName,
    byTeller: row.byTeller,
    // The owner may delete any comment, but "mine" marks only what they wrote themselves.
    mine: actor.kind === 'familyReader' ? can(actor, 'delete', 'storyComment', row) : row.byTeller,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentReply(row: ResourceRows['recording'], actor: Actor): FamilyReplyView {
  return {
    id: row.id,
    authorName: row.contributorName ?? '',
    mine: actor.kind === 'familyReader' && row.familyMemberId === actor.memberId,
    duration: row.duration,
    // The one audio route; a reader plays it there as the story's reader (policies.ts: recording read).
    audioUrl: `/api/recordings/${row.id}/audio`,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A reader's comment, under the name they go by in this circle now. */
export async function addReaderComment(db: Database, reader: FamilyReaderActor, story: RespondedStory, body: string): Promise<FamilyCommentView> {
  const [row] = await db
    .insert(storyComments)
    .values({ userId: story.userId, storyId: story.id, memberId: reader.memberId, authorName: reader.name, body })
    .returning();
  return presentComment(row, reader);
}

/** The storyteller answering on their own story, under their author name (else first name). */
export async function addTellerComment(db: Database, owner: SignedInActor, story: RespondedStory, body: string): Promise<FamilyCommentView> {
  const [row] = await db
    .insert(storyComments)
    .values({ userId: story.userId, storyId: story.id, memberId: null, byTeller: true, authorName: signatureName(owner.user) ?? '', body })
    .returning();
  return presentComment(row, owner);
}

export async function deleteComment(db: Database, comment: Authorized<CommentRow, 'delete'>): Promise<void> {
  await db.delete(storyComments).where(eq(storyComments.id, comment.id));
}

/** One reaction per reader and story: a new one replaces the last. */
export async function setReaction(db: Database, reader: FamilyReaderActor, story: RespondedStory, reaction: FamilyReaction): Promise<void> {
  await db
    .insert(storyReactions)
    .values({ storyId: story.id, memberId: reader.memberId, reaction })
    .onConflictDoUpdate({ target: [storyReactions.storyId, storyReactions.memberId], set: { reaction, createdAt: new Date() } });
}

export async function clearReaction(db: Database, reader: FamilyReaderActor, story: RespondedStory): Promise<void> {
  await db.delete(storyReactions).where(and(eq(storyReactions.storyId, story.id), eq(storyReactions.memberId, reader.memberId)));
}
