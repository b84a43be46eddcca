import { desc, inArray, sql } from 'drizzle-orm';
import type { RecordingSummaryDto } from '../../contract/library.ts';
import type { Database } from '../db/client.ts';
import { recordings } from '../db/schema.ts';
import { rowsOf, tables } from '../people-and-places/held-names.ts';
import type { RecordKind } from '../people-and-places/kinds.ts';
import { linksOf } from './links.ts';
import { presentRecordingSummary } from './presenter.ts';

/** The recordings linked to a record, newest first, as list cards (like GET /api/recordings). */
export async function recordingsAbout(db: Database, kind: RecordKind, recordId: number): Promise<RecordingSummaryDto[]> {
  const t = tables(kind);
  const linked = await rowsOf<{ recording_id: number }>(db, sql`select recording_id from ${t.links} where ${t.linkOwner} = ${recordId}`);
  const ids = linked.map((row) => Number(row.recording_id));
  if (ids.length === 0) return [];
  const rows = await db.select().from(recordings).where(inArray(recordings.id, ids)).orderBy(desc(recordings.createdAt), desc(recordings.id));
  const links = await linksOf(db, rows);
  return rows.map((row) => presentRecordingSummary(row, links.get(row.id)!));
}
