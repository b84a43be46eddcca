import { and, desc, eq, isNull } from 'drizzle-orm';
import type { RecordingSummaryDto, RecordingWithLinksDto } from '../../contract/library.ts';
import type { Database } from '../db/client.ts';
import { recordings } from '../db/schema.ts';
import { linksOf } from './links.ts';
import { presentRecordingSummary, presentRecordingWithLinks } from './presenter.ts';

/** The user's recordings, newest first, as list cards; or only those in no story (kept for later, or taken out of one). */
export async function listRecordings(
  db: Database,
  userId: string,
  { withoutStory = false }: { withoutStory?: boolean } = {},
): Promise<RecordingSummaryDto[]> {
  const rows = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.userId, userId), withoutStory ? isNull(recordings.storyId) : undefined))
    .orderBy(desc(recordings.createdAt), desc(recordings.id));
  const links = await linksOf(db, rows);
  return rows.map((row) => presentRecordingSummary(row, links.get(row.id)!));
}

/** One recording as it is now, with its people, places and story. */
export async function recordingWithLinks(db: Database, id: number): Promise<RecordingWithLinksDto> {
  const [row] = await db.select().from(recordings).where(eq(recordings.id, id));
  return presentRecordingWithLinks(row, (await linksOf(db, [row])).get(row.id)!);
}
