import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recordings } from '../../db/schema.ts';

/** Audio the account stores now, summed from its recordings (as the upload quota counts it, decision 029). */
export async function storedAudioBytes(db: Pick<Database, 'select'>, userId: string): Promise<number> {
  const [row] = await db.select({ bytes: sql<string>`coalesce(sum(${recordings.sizeBytes}), 0)` }).from(recordings).where(eq(recordings.userId, userId));
  return Number(row?.bytes ?? 0);
}
