import { rm } from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { TRANSCRIPTION_MODELS } from '../../contract/ai-settings.ts';
import type { StoryProcessingStatus } from '../../contract/story-status.ts';
import { transcribeRecording, type TranscribeRecordingInput } from '../ai/transcribe-recording.ts';
import { keptDecodes } from '../audio/kept-decodes.ts';
import { readRecordingSettings } from '../db/recording-settings.ts';
import { recordings, stories } from '../db/schema.ts';
import { defineJob } from '../jobs/job.ts';
import type { Queue } from '../jobs/queue.ts';
import { sendJob, type Transaction } from '../jobs/send-job.ts';
import { withBlobAsFile } from '../storage/blob-file.ts';
import type { JobContext } from '../jobs/context.ts';
import { keepsHandEdit } from './hand-edits.ts';
import { userVocabulary } from '../people-and-places/vocabulary.ts';
import { timeTranscript } from '../voice/time-transcript.ts';
import { unsettledRecordings } from './unfinished.ts';
import { writeStoryJob } from './write-story-job.ts';

export const TRANSCRIBE_RECORDING = 'transcribe-recording';

/**
 * uploaded -> transcribing -> transcribed | failed, then the story's writing is queued.
 * Two steps, and a retry keeps the first: a recording already transcribed is not sent to
 * the transcriber again, only its story is queued if it still waits. The transcript (with
 * where each sentence was said) and the story's job are written in one transaction, so no
 * crash can leave one without the other. The audio is never touched, so a failure can be
 * transcribed again later. A transcript corrected by hand is kept (even when corrected while
 * this ran), unless the person asked to replace that correction (`replaceCorrectionUpTo`,
 * see hand-edits.ts).
 */
export const transcribeRecordingJob = defineJob<JobContext, { recordingId: number; replaceCorrectionUpTo?: string }>({
  name: TRANSCRIBE_RECORDING,
  payload: z.object({ recordingId: z.number().int().positive(), replaceCorrectionUpTo: z.iso.datetime().optional() }),
  // A lasting provider failure costs four calls over about a minute, then the recording fails.
  retry: { retries: 3, baseDelayMs: 8000, maxDelayMs: 60_000 },
  expireInSeconds: 6 * 60 * 60,
  entityOf: ({ recordingId }) => `recording:${recordingId}`,
  unfinished: unsettledRecordings,
  async ownerOf(ctx, { recordingId }) {
    const [row] = await ctx.db.select({ userId: recordings.userId }).from(recordings).where(eq(recordings.id, recordingId));
    return row?.userId;
  },

  async run(ctx, { recordingId, replaceCorrectionUpTo }, { signal }) {
    const { db } = ctx;
    const [recording] = await db.select().from(recordings).where(eq(recordings.id, recordingId));
    if (!recording) return;
    if (recording.processingStatus === 'transcribed') {
      // The transcript is kept from an earlier try: only the story's step is left.
      if (recording.storyId) await db.transaction((tx) => queueStoryIfWaiting(tx, ctx.queue, recording.storyId!, ['processing']));
      return;
    }

    await db
      .update(recordings)
      .set({ processingStatus: 'transcribing', transcriptionError: null, updatedAt: new Date() })
      .where(eq(recordings.id, recordingId));
    const settings = readRecordingSettings(recording.settings);
    const vocabulary = await userVocabulary(db, recording.userId);
    const log = (_level: 'warn', message: string) => ctx.log.warn({ recordingId }, message);
    const transcribe = (audio: Pick<TranscribeRecordingInput, 'audio' | 'decoded'>) =>
      transcribeRecording(
        { ...ctx.engines, log },
        {
          ...audio,
          language: settings.language,
          vocabulary: [...vocabulary.people, ...vocabulary.places],
          model: TRANSCRIPTION_MODELS.find((m) => m === settings.transcriptionModel),
          signal,
          time: (heard) => timeTranscript({ ...heard, detector: ctx.engines.speech, language: settings.language, log }),
        },
      );
    // The upload's own decode when it was kept in this process; otherwise the stored file, decoded here.
    const kept = keptDecodes.take(recording.audioKey);
    const result = await (kept
      ? transcribe({ audio: kept.file, decoded: kept }).finally(() => rm(kept.file, { force: true }))
      : withBlobAsFile(ctx.store, recording.audioKey, (file) => transcribe({ audio: file })));

    await db.transaction(async (tx) => {
      // Read again under a row lock: a correction saved while the transcriber worked is seen.
      const [current] = await tx
        .select({ editedAt: recordings.transcriptionEditedAt })
        .from(recordings)
        .where(eq(recordings.id, recordingId))
        .for('update');
      if (!current) return;
      const keepCorrection = keepsHandEdit(current.editedAt, replaceCorrectionUpTo ? new Date(replaceCorrectionUpTo) : null);
      await tx
        .update(recordings)
        .set({
          processingStatus: 'transcribed',
          ...(keepCorrection
            ? {}
            : {
              transcription: result.transcript.text,
              transcriptionSegments: result.transcript.segments,
              // The timings are the new text's: a kept correction keeps its own.
              transcriptTimings: result.timings,
              transcriptionEditedAt: null,
            }),
          detectedLanguage: result.transcript.language,
          duration: Math.round(result.durationSeconds * 100) / 100,
          transcriptionError: null,
          updatedAt: new Date(),
        })
        .where(eq(recordings.id, recordingId));
      if (recording.storyId) await queueStoryIfWaiting(tx, ctx.queue, recording.storyId, ['processing', 'draft']);
    });
  },

  async onDelay(ctx, { recordingId }) {
    await ctx.db.update(recordings).set({ processingStatus: 'uploaded', updatedAt: new Date() }).where(eq(recordings.id, recordingId));
  },

  async onFailure(ctx, { recordingId }, error) {
    await ctx.db.transaction(async (tx) => {
      const [recording] = await tx
        .update(recordings)
        .set({ processingStatus: 'failed', transcriptionError: error.message, updatedAt: new Date() })
        .where(eq(recordings.id, recordingId))
        .returning({ storyId: recordings.storyId });
      // The story's job decides: write from the other recordings, or stop showing "Processing...".
      if (recording?.storyId) await queueStoryIfWaiting(tx, ctx.queue, recording.storyId, ['processing', 'draft']);
    });
  },
});

/** Queues the writing of a story still waiting for its text, inside the caller's transaction. */
async function queueStoryIfWaiting(tx: Transaction, queue: Queue, storyId: number, waiting: StoryProcessingStatus[]): Promise<void> {
  const [story] = await tx
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.id, storyId), inArray(stories.processingStatus, waiting)));
  if (story) await sendJob(queue, writeStoryJob, { storyId, regenerate: false }, { within: tx });
}
