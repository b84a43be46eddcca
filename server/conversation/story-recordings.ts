import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { recordings } from '../db/schema.ts';

/** How many recordings (answers) a story has. */
export async function recordingCount(db: Database, storyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recordings).where(eq(recordings.storyId, storyId));
  return row?.n ?? 0;
}
