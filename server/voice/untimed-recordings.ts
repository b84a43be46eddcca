import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TranscriptTimings } from '../../contract/voice.ts';
import type { Database } from '../db/client.ts';
import { recordings } from '../db/schema.ts';
import type { Transaction } from '../jobs/send-job.ts';

/** What the background pass reads of a recording it times. */
export type UntimedRecording = Pick<
  typeof recordings.$inferSelect,
  'id' | 'storyId' | 'audioKey' | 'transcription' | 'transcriptionSegments' | 'detectedLanguage' | 'settings' | 'duration'
>;

/**
 * Transcribed recordings whose transcript has no timings yet (made before issue 29), oldest
 * first (after `afterId`). Without voice detection (its model not downloaded yet) only those the engine timed in
 * segments can be timed now; the others wait for the model.
 */
export async function untimedRecordings(db: Database, options: { canDetectSpeech: boolean; limit: number; afterId?: number }): Promise<UntimedRecording[]> {
  return db
    .select({
      id: recordings.id,
      storyId: recordings.storyId,
      audioKey: recordings.audioKey,
      transcription: recordings.transcription,
      transcriptionSegments: recordings.transcriptionSegments,
      detectedLanguage: recordings.detectedLanguage,
      settings: recordings.settings,
      duration: recordings.duration,
    })
    .from(recordings)
    .where(
      and(
        options.afterId ? gt(recordings.id, options.afterId) : undefined,
        eq(recordings.processingStatus, 'transcribed'),
        isNotNull(recordings.transcription),
        isNull(recordings.transcriptTimings),
        options.canDetectSpeech ? undefined : sql`jsonb_array_length(coalesce(${recordings.transcriptionSegments}, '[]'::jsonb)) > 0`,
      ),
    )
    .orderBy(asc(recordings.id))
    .limit(options.limit);
}

/**
 * Stores a transcript's timings only while the transcript is still the text they were made
 * for and no timings are there: a correction or a new transcription saved meanwhile wins (the
 * next pass times the new text, or the correction's own retiming stands). True when stored.
 */
export async function storeTimingsIfUnchanged(tx: Database | Transaction, recordingId: number, text: string, timings: TranscriptTimings): Promise<boolean> {
  const stored = await tx
    .update(recordings)
    .set({ transcriptTimings: timings })
    .where(and(eq(recordings.id, recordingId), eq(recordings.transcription, text), isNull(recordings.transcriptTimings)))
    .returning({ id: recordings.id });
  return stored.length > 0;
}
