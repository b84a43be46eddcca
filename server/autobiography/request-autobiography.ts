import { and, eq, inArray } from 'drizzle-orm';
import { signatureName } from '../../contract/author-name.ts';
import type { Language } from '../../contract/languages.ts';
import type { PointOfView, StoryStyle } from '../../contract/story-options.ts';
import type { SignedInActor } from '../access/actor.ts';
import { loadAll } from '../access/loaders.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { autobiographies, autobiographyStories, chapters, stories, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

/** A download or a print of a book still being written (or failed). */
export const bookNotWritten = () => new HttpError(409, 'not_generated', 'The autobiography is not written yet.');
import type { Queue } from '../jobs/queue.ts';
import { sendJob } from '../jobs/send-job.ts';
import { planBook } from './book-plan.ts';
import { writeAutobiographyJob } from './write-autobiography-job.ts';

/** POST /api/autobiography's body once validated (contract/autobiography.ts), without the ignored userId. */
export interface AutobiographyRequestBody {
  storyIds: number[];
  chapterIds: number[];
  title: string;
  language: Language;
  pointOfView: PointOfView;
  style: StoryStyle;
}

/** The name on the title page: the author name the person saved, else their own name (one rule: signatureName). */
export async function authorNameOf(db: Database, userId: string): Promise<string | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ? signatureName(user) : null;
}

/**
 * Asks for an autobiography of the chosen stories and every story of the chosen chapters:
 * checks they are all the person's (another user's id is a 404 and nothing is stored),
 * plans the chapters, and stores the book with its stories and queues the job in one
 * transaction. Stories not written yet (no text) are left out; with none left, a 422.
 */
export async function requestAutobiography(db: Database, queue: Queue, actor: SignedInActor, body: AutobiographyRequestBody) {
  const userId = actor.user.id;
  // The chosen chapters and stories, each one the person's (the policies' read), else a 404.
  const chapterIds = (await loadAll(db, actor, 'chapter', body.chapterIds, 'read')).map((chapter) => chapter.id);
  const chosenStories = await loadAll(db, actor, 'story', body.storyIds, 'read');
  const inChapters = chapterIds.length
    ? await db.select().from(stories).where(and(eq(stories.userId, userId), inArray(stories.chapterId, chapterIds)))
    : [];

  const all = new Map([...chosenStories, ...inChapters].map((row) => [row.id, row]));
  const written = [...all.values()].filter((row) => row.content.trim() !== '' && row.processingStatus !== 'processing');
  if (written.length === 0) {
    throw new HttpError(422, 'nothing_to_write', 'There are no written stories in this selection to make an autobiography from.', 'storyIds');
  }
  const ownChapters = await db.select().from(chapters).where(eq(chapters.userId, userId));
  const plan = planBook(
    written.map((row) => ({
      id: row.id,
      title: row.title,
      content: row.content,
      chapterId: row.chapterId,
      chapterOrder: row.chapterOrder,
      year: row.year,
      date: row.specificDate,
      createdAt: row.createdAt,
    })),
    ownChapters.map((c) => ({ id: c.id, title: c.title, orderIndex: c.orderIndex })),
  );
  const authorName = await authorNameOf(db, userId);

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(autobiographies)
      .values({
        userId,
        title: body.title,
        language: body.language,
        pointOfView: body.pointOfView,
        storyStyle: body.style,
        authorName,
        chapters: plan,
        processingStatus: 'processing',
      })
      .returning();
    const order = plan.flatMap((chapter) => chapter.storyIds);
    await tx.insert(autobiographyStories).values(order.map((storyId, position) => ({ autobiographyId: row.id, storyId, position })));
    await sendJob(queue, writeAutobiographyJob, { id: row.id }, { within: tx });
    return row;
  });
}

/** Tries a failed autobiography again: the chapters already written stay, the job goes on from the first one not written. */
export async function retryAutobiography(db: Database, queue: Queue, book: Authorized<ResourceRows['autobiography'], 'update'>) {
  if (book.processingStatus !== 'failed') {
    throw new HttpError(409, 'not_failed', 'Only an autobiography that failed can be tried again.');
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(autobiographies)
      .set({ processingStatus: 'processing', error: null, updatedAt: new Date() })
      .where(eq(autobiographies.id, book.id))
      .returning();
    await sendJob(queue, writeAutobiographyJob, { id: book.id }, { within: tx });
    return row;
  });
}
