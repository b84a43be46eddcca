import { buffer } from 'node:stream/consumers';
import { and, eq, inArray } from 'drizzle-orm';
import { TRANSCRIPTION_MODELS } from '../../contract/ai-settings.ts';
import { toLanguage } from '../../contract/languages.ts';
import { transcribeRecording } from '../ai/transcribe-recording.ts';
import { recordings, stories } from '../db/schema.ts';
import type { PipelineContext } from './context.ts';
import { type Attempt, outcomeOf } from './job-outcome.ts';
import { enqueueStoryWriting, TRANSCRIBE_RECORDING } from './queues.ts';
import { userVocabulary } from './vocabulary.ts';

/**
 * uploaded -> transcribing -> transcribed | failed. Idempotent: a recording already
 * transcribed is left alone. The audio is never touched, so a failure can be retried later.
 */
export async function transcribeRecordingJob(ctx: PipelineContext, recordingId: number, attempt: Attempt): Promise<void> {
  const { db } = ctx;
  const [recording] = await db.select().from(recordings).where(eq(recordings.id, recordingId));
  if (!recording || recording.processingStatus === 'transcribed') return;

  await db
    .update(recordings)
    .set({ processingStatus: 'transcribing', transcriptionError: null, updatedAt: new Date() })
    .where(eq(recordings.id, recordingId));

  const settings = recording.settings as { language?: string; transcriptionModel?: string };
  try {
    const blob = await ctx.store.get(recording.audioKey);
    if (!blob) throw new Error(`audio ${recording.audioKey} is missing from storage`);
    const vocabulary = await userVocabulary(db, recording.userId);
    const model = TRANSCRIPTION_MODELS.find((m) => m === settings.transcriptionModel);
    const result = await transcribeRecording(
      { ...ctx.engines, log: (_level, message) => ctx.log.warn({ recordingId }, message) },
      {
        audio: await buffer(blob.body),
        language: settings.language ? toLanguage(settings.language) : undefined,
        vocabulary: [...vocabulary.people, ...vocabulary.places],
        model,
      },
    );
    await db
      .update(recordings)
      .set({
        processingStatus: 'transcribed',
        transcription: result.transcript.text,
        transcriptionSegments: result.transcript.segments,
        detectedLanguage: result.transcript.language,
        duration: Math.round(result.durationSeconds * 100) / 100,
        transcriptionError: null,
        updatedAt: new Date(),
      })
      .where(eq(recordings.id, recordingId));
    if (recording.storyId) await enqueueStoryIfUnwritten(ctx, recording.storyId);
  } catch (error) {
    const outcome = outcomeOf(error, attempt);
    if (outcome.kind === 'delay') {
      ctx.log.warn({ recordingId, err: error }, `transcription waits ${outcome.ms} ms`);
      await db.update(recordings).set({ processingStatus: 'uploaded' }).where(eq(recordings.id, recordingId));
      await ctx.queue.send(TRANSCRIBE_RECORDING, { recordingId }, { startAfter: Math.ceil(outcome.ms / 1000) });
      return;
    }
    if (outcome.kind === 'retry') throw error;
    ctx.log.warn({ recordingId, err: outcome.error.describe() }, 'transcription failed');
    await db
      .update(recordings)
      .set({ processingStatus: 'failed', transcriptionError: outcome.error.message, updatedAt: new Date() })
      .where(eq(recordings.id, recordingId));
    // The story job decides: write from the other recordings, or stop showing "Processing...".
    if (recording.storyId) await enqueueStoryIfUnwritten(ctx, recording.storyId);
  }
}

/** A story still waiting for its first writing gets written once its recordings are transcribed. */
async function enqueueStoryIfUnwritten(ctx: PipelineContext, storyId: number): Promise<void> {
  const [story] = await ctx.db
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.id, storyId), inArray(stories.processingStatus, ['processing', 'draft'])));
  if (story) await enqueueStoryWriting(ctx.queue, storyId);
}
