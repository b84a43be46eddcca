import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { FREE_PLAN_WORDS_PER_MONTH, type Usage } from '../../contract/usage.ts';
import type { Database } from '../db/client.ts';
import { recordings } from '../db/schema.ts';

/** The UTC calendar month holding `now`: its "YYYY-MM" and its bounds. */
export function utcMonth(now: Date): { month: string; start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { month: start.toISOString().slice(0, 7), start, end };
}

// Words as contract/reading.ts `wordsOf` counts them (runs of non-space), in the database:
// a blank transcript counts none. A recording belongs to the month it was recorded in (its
// transcript follows within minutes); co-authors' contributions are rows of the owner's.
const wordCount = sql<number>`coalesce(sum(array_length(regexp_split_to_array(trim(${recordings.transcription}), '\\s+'), 1)) filter (where trim(${recordings.transcription}) <> ''), 0)::int`;

/** The words transcribed from the user's recordings this UTC month, against the free plan. */
export async function usageOf(db: Database, userId: string, now = new Date()): Promise<Usage> {
  const { month, start, end } = utcMonth(now);
  const [row] = await db
    .select({ words: wordCount })
    .from(recordings)
    .where(
      and(
        eq(recordings.userId, userId),
        eq(recordings.processingStatus, 'transcribed'),
        gte(recordings.createdAt, start),
        lt(recordings.createdAt, end),
      ),
    );
  return { month, wordsUsed: Number(row?.words ?? 0), plan: 'free', limit: FREE_PLAN_WORDS_PER_MONTH };
}
