import { and, desc, eq, sql } from 'drizzle-orm';
import type { StorySummaryDto } from '../../contract/library.ts';
import type { PageQuery } from '../../contract/pagination.ts';
import type { Database } from '../db/client.ts';
import { stories } from '../db/schema.ts';
import { createdKeySchema, decodeCursor, exactTime, type Page, pageOf } from '../http/pagination.ts';
import { heldNames, storyNames, tables } from '../people-and-places/held-names.ts';
import type { RecordKind } from '../people-and-places/kinds.ts';
import { presentStorySummary, storySummaryColumns } from './presenter.ts';

/**
 * The ids of the stories that mention a record, by the rule mentions count by: its metadata
 * names the record (by name or linked label), or one of its recordings is linked to the record.
 */
function storiesMentioningIds(kind: RecordKind, record: { id: number; userId: string }) {
  const t = tables(kind);
  return sql`
    with held as (${heldNames(kind, record.userId)}),
    found as (${storyNames(kind, record.userId)})
    select f.story_id from found f join held h on h.name = lower(trim(f.name)) where h.record_id = ${record.id}
    union
    select rec.story_id from ${t.links} l join recordings rec on rec.id = l.recording_id
    where l.${t.linkOwner} = ${record.id} and rec.user_id = ${record.userId} and rec.story_id is not null`;
}

// Spelt out, as in the library's list: a bare "id" inside would be the recording's.
const recordingCount = sql<number>`(select count(*)::int from "recordings" r where r."story_id" = "stories"."id")`;

/** One page of the stories that mention a record, newest first, as the library's cards (decision 023's keyset pages). */
export async function storiesMentioning(
  db: Database,
  kind: RecordKind,
  record: { id: number; userId: string },
  query: PageQuery,
): Promise<Page<StorySummaryDto>> {
  const after = decodeCursor(query.cursor, createdKeySchema);
  const rows = await db
    .select({ ...storySummaryColumns, recordingCount, cursorTime: exactTime(stories.createdAt) })
    .from(stories)
    .where(
      and(
        eq(stories.userId, record.userId),
        sql`${stories.id} in (${storiesMentioningIds(kind, record)})`,
        after ? sql`(${stories.createdAt}, ${stories.id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(stories.createdAt), desc(stories.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => [row.cursorTime, row.id]);
  return { ...page, items: page.items.map(({ cursorTime: _, recordingCount: count, ...row }) => presentStorySummary(row, Number(count))) };
}
