import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { type FollowUpQuestionDto, UNANSWERED_LIMIT, type UnansweredQuestionDto } from '../../contract/follow-ups.ts';
import type { Language } from '../../contract/languages.ts';
import type { ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { followUpQuestions, recordings, stories } from '../db/schema.ts';
import { presentQuestion } from './presenter.ts';

/** A story's questions in the order they were proposed. */
export async function questionsOfStory(db: Database, storyId: number): Promise<FollowUpQuestionDto[]> {
  const rows = await db.select().from(followUpQuestions).where(eq(followUpQuestions.storyId, storyId)).orderBy(asc(followUpQuestions.id));
  return rows.map(presentQuestion);
}

/** The user's unanswered questions, newest first, bounded, in one language when asked, each with its story's title. */
export async function unansweredQuestions(db: Database, userId: string, language: Language | undefined): Promise<UnansweredQuestionDto[]> {
  const rows = await db
    .select({ question: followUpQuestions, storyTitle: stories.title })
    .from(followUpQuestions)
    .innerJoin(stories, eq(stories.id, followUpQuestions.storyId))
    .where(
      and(
        eq(followUpQuestions.userId, userId),
        eq(followUpQuestions.isAnswered, false),
        language ? eq(followUpQuestions.language, language) : undefined,
      ),
    )
    .orderBy(desc(followUpQuestions.createdAt), desc(followUpQuestions.id))
    .limit(UNANSWERED_LIMIT);
  return rows.map(({ question, storyTitle }) => ({ ...presentQuestion(question), storyId: question.storyId, storyTitle }));
}

/**
 * Whether new questions would come from the same material: the job has finished since the
 * story's text and its recordings last changed, and there are unanswered questions to keep.
 */
export async function questionsUpToDate(db: Database, story: ResourceRows['story']): Promise<boolean> {
  const checkedAt = story.followUpsCheckedAt;
  if (!checkedAt || story.updatedAt > checkedAt) return false;
  const [changed] = await db
    .select({ id: recordings.id })
    .from(recordings)
    .where(and(eq(recordings.storyId, story.id), gt(recordings.updatedAt, checkedAt)))
    .limit(1);
  if (changed) return false;
  const [unanswered] = await db
    .select({ id: followUpQuestions.id })
    .from(followUpQuestions)
    .where(and(eq(followUpQuestions.storyId, story.id), eq(followUpQuestions.isAnswered, false)))
    .limit(1);
  return unanswered !== undefined;
}

/** When the questions job last finished for the story (the client stops waiting for a refresh then). */
export function questionRefreshState(story: ResourceRows['story']): { checkedAt: string | null } {
  return { checkedAt: story.followUpsCheckedAt?.toISOString() ?? null };
}
