import { and, eq, lt } from 'drizzle-orm';
import { RESUMABLE_UPLOAD_LIMITS } from '../../../contract/resumable-uploads.ts';
import type { Database } from '../../db/client.ts';
import { recordingUploads } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/index.ts';
import { removePieces } from '../../uploads/pieces.ts';
import { RECORDING_PIECES } from './pieces.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Removes recordings' uploads in pieces left unfinished for longer than `keptHours` (the
 * device still has the take, and starts again): their pieces first, then the row. Answers how
 * many went; several processes sweeping at once do no harm.
 */
export async function sweepStaleRecordingUploads(db: Database, store: BlobStore, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RESUMABLE_UPLOAD_LIMITS.keptHours * HOUR_MS);
  const stale = await db
    .select()
    .from(recordingUploads)
    .where(and(eq(recordingUploads.state, 'uploading'), lt(recordingUploads.updatedAt, cutoff)))
    .limit(500);
  let removed = 0;
  for (const upload of stale) {
    await removePieces(store, RECORDING_PIECES, upload);
    const gone = await db
      .delete(recordingUploads)
      .where(and(eq(recordingUploads.id, upload.id), eq(recordingUploads.state, 'uploading'), lt(recordingUploads.updatedAt, cutoff)))
      .returning({ id: recordingUploads.id });
    removed += gone.length;
  }
  return removed;
}
