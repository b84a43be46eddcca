import { eq, sql } from 'drizzle-orm';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { chapters, stories } from '../db/schema.ts';

// What changes a chapter (queries.ts only reads).

type ChapterRow = ResourceRows['chapter'];

export interface ChapterFields {
  title?: string;
  description?: string | null;
  orderIndex?: number;
  language?: string;
}

/** A new chapter; without an orderIndex it goes after the user's last one. */
export async function createChapter(db: Database, userId: string, fields: ChapterFields & { title: string }): Promise<number> {
  const orderIndex =
    fields.orderIndex ??
    sql<number>`(select coalesce(max(${chapters.orderIndex}) + 1, 0) from ${chapters} where ${chapters.userId} = ${userId})`;
  const [row] = await db
    .insert(chapters)
    .values({
      userId,
      title: fields.title,
      description: fields.description ?? null,
      orderIndex,
      language: fields.language ?? 'en',
    })
    .returning({ id: chapters.id });
  return row.id;
}

/** A field left out keeps its value. */
export async function updateChapter(db: Database, chapter: Authorized<ChapterRow, 'update'>, fields: ChapterFields): Promise<void> {
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return;
  await db
    .update(chapters)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(chapters.id, chapter.id));
}

/**
 * Deletes the chapter; its stories stay and become unassigned (the foreign key sets null).
 * Their place in the chapter is cleared too, so a later chapter starts them afresh.
 */
export async function deleteChapter(db: Database, chapter: Authorized<ChapterRow, 'delete'>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(stories).set({ chapterOrder: null }).where(eq(stories.chapterId, chapter.id));
    await tx.delete(chapters).where(eq(chapters.id, chapter.id));
  });
}
