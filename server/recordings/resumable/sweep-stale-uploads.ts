import { and, eq, lt } from 'drizzle-orm';
import { RESUMABLE_UPLOAD_LIMITS } from '../../../contract/resumable-uploads.ts';
import type { Database } from '../../db/client.ts';
import { recordingUploads } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/index.ts';
import { sweepStaleUploads } from '../../uploads/sweep-stale.ts';
import { RECORDING_PIECES } from './pieces.ts';

const unfinishedSince = (cutoff: Date) => and(eq(recordingUploads.state, 'uploading'), lt(recordingUploads.updatedAt, cutoff));

/**
 * Removes recordings' uploads in pieces left unfinished for longer than `keptHours` (the
 * device still has the take, and starts again), by the rule of every upload in pieces.
 */
export function sweepStaleRecordingUploads(db: Database, store: BlobStore, now = new Date()): Promise<number> {
  return sweepStaleUploads(
    store,
    RECORDING_PIECES,
    RESUMABLE_UPLOAD_LIMITS.keptHours,
    {
      staleSince: (cutoff) => db.select().from(recordingUploads).where(unfinishedSince(cutoff)).limit(500),
      removeIfStale: async (upload, cutoff) =>
        (await db.delete(recordingUploads).where(and(eq(recordingUploads.id, upload.id), unfinishedSince(cutoff))).returning({ id: recordingUploads.id })).length > 0,
    },
    now,
  );
}
