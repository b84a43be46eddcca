import { and, eq, isNull } from 'drizzle-orm';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { readRecordingSettings } from '../db/recording-settings.ts';
import { recordings } from '../db/schema.ts';
import type { Queue } from '../jobs/queue.ts';
import { enqueueTranscription } from '../pipeline/queues.ts';
import type { BlobStore } from '../storage/index.ts';
import type { TemporalColumns } from '../temporal/temporal-context.ts';
import { transcriptRefusal } from './transcript-refusals.ts';
import { photosGoingWith } from '../photos/home-deletion.ts';
import { deletePhotoBlobs } from '../photos/photo-copies-store.ts';
import { retime } from '../voice/retime.ts';

type RecordingRow = ResourceRows['recording'];

/**
 * Replaces the transcript with the person's own correction, marked so no transcriber overwrites
 * it unasked; its timings follow the correction (a kept word keeps where it was said).
 */
export async function correctTranscription(
  db: Database,
  recording: Authorized<RecordingRow, 'update'>,
  transcription: string,
): Promise<RecordingRow> {
  return db.transaction(async (tx) => {
    // Read under a row lock: timings a transcriber stored a moment ago are the ones retimed.
    const [current] = await tx
      .select({ timings: recordings.transcriptTimings, detectedLanguage: recordings.detectedLanguage, settings: recordings.settings })
      .from(recordings)
      .where(eq(recordings.id, recording.id))
      .for('update');
    const language = current?.detectedLanguage ?? readRecordingSettings(current?.settings).language;
    const [updated] = await tx
      .update(recordings)
      .set({
        transcription,
        ...(current?.timings ? { transcriptTimings: retime(current.timings, transcription, language ?? undefined) } : {}),
        transcriptionEditedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(recordings.id, recording.id))
      .returning();
    return updated;
  });
}

/** Dates the recording (all null clears it). */
export async function setRecordingTime(db: Database, recording: Authorized<RecordingRow, 'update'>, time: TemporalColumns): Promise<void> {
  await db.update(recordings).set({ ...time, updatedAt: new Date() }).where(eq(recordings.id, recording.id));
}

/**
 * Transcribes the kept audio again, in the background like the first time. A transcript
 * corrected by hand is refused (409) unless `replaceCorrected`: then that correction, and
 * not one made later, is replaced when the new transcript is stored.
 */
export async function retranscribe(
  db: Database,
  queue: Queue,
  recording: Authorized<RecordingRow, 'update'>,
  { replaceCorrected = false } = {},
): Promise<RecordingRow> {
  // The correction is checked in the update itself, so one saved a moment ago counts.
  const [updated] = await db
    .update(recordings)
    .set({ processingStatus: 'uploaded', transcriptionError: null, updatedAt: new Date() })
    .where(and(eq(recordings.id, recording.id), replaceCorrected ? undefined : isNull(recordings.transcriptionEditedAt)))
    .returning();
  if (!updated) throw transcriptRefusal.corrected();
  await enqueueTranscription(queue, recording.id, { replaceCorrectionUpTo: replaceCorrected ? updated.transcriptionEditedAt : null });
  return updated;
}

/** Deletes the recording, then its audio: a crash between leaves a file the sweep removes, never a row without audio. */
export async function deleteRecording(db: Database, store: BlobStore, recording: Authorized<RecordingRow, 'delete'>): Promise<void> {
  const photoRows = await db.transaction(async (tx) => {
    const going = await photosGoingWith(tx, { recordingIds: [recording.id] });
    await tx.delete(recordings).where(eq(recordings.id, recording.id));
    return going;
  });
  await store.delete(recording.audioKey);
  await deletePhotoBlobs(store, photoRows);
}
