import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { RecordingSummaryDto, RecordingWithLinksDto } from '../../contract/library.ts';
import type { PageQuery } from '../../contract/pagination.ts';
import type { Database } from '../db/client.ts';
import { recordings } from '../db/schema.ts';
import { createdKeySchema, decodeCursor, exactTime, type Page, pageOf, readInKeyOrder } from '../http/pagination.ts';
import { recordingLinks } from './links.ts';
import { presentRecordingSummary, presentRecordingWithLinks, recordingSummaryColumns } from './presenter.ts';

/**
 * A page of the user's recordings, newest first, as list cards (decision 023); or only those in
 * no story (kept for later, or taken out of one). One query: each row's links are read in it.
 */
export async function listRecordings(
  db: Database,
  userId: string,
  query: PageQuery,
  { withoutStory = false }: { withoutStory?: boolean } = {},
): Promise<Page<RecordingSummaryDto>> {
  const after = decodeCursor(query.cursor, createdKeySchema);
  const rows = await readInKeyOrder(db, (tx) =>
    tx
      .select({ ...recordingSummaryColumns, links: recordingLinks, cursorTime: exactTime(recordings.createdAt) })
      .from(recordings)
      .where(
        and(
          eq(recordings.userId, userId),
          withoutStory ? isNull(recordings.storyId) : undefined,
          after ? sql`(${recordings.createdAt}, ${recordings.id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined,
        ),
      )
      .orderBy(desc(recordings.createdAt), desc(recordings.id))
      .limit(query.limit + 1),
  );
  const page = pageOf(rows, query.limit, (row) => [row.cursorTime, row.id]);
  return { ...page, items: page.items.map(({ cursorTime: _, links, ...row }) => presentRecordingSummary(row, links)) };
}

/** One recording as it is now, with its people, places and story. */
export async function recordingWithLinks(db: Database, id: number): Promise<RecordingWithLinksDto> {
  const [{ links, ...row }] = await db
    .select({ ...getTableColumns(recordings), links: recordingLinks })
    .from(recordings)
    .where(eq(recordings.id, id));
  return presentRecordingWithLinks(row, links);
}
