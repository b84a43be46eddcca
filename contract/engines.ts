import { z } from 'zod';

/**
 * The engines a person's work can wait for: a recording needs the transcriber (the speech
 * model), a story the writer (the writing model). With no AI key and no local models the
 * work is kept and waits; it goes on by itself once the engine is ready.
 */
export const AWAITED_ENGINES = ['transcriber', 'writer'] as const;
export type AwaitedEngine = (typeof AWAITED_ENGINES)[number];

/**
 * GET /api/engines (signed in): whether each engine that work waits for is ready now, and
 * which narrator speaks (`local` has its own voice per language; null when none is known).
 */
export const engineReadinessSchema = z.object({
  transcriber: z.object({ ready: z.boolean() }),
  writer: z.object({ ready: z.boolean() }),
  narrator: z.object({ adapter: z.enum(['local', 'openai']).nullable() }),
});
export type EngineReadiness = z.infer<typeof engineReadinessSchema>;

/** How often a screen with waiting work asks again whether the engines are ready. */
export const ENGINE_READINESS_POLL_MS = 5000;

/** What is still to be done: a transcription, the writing of a story, or both. */
export interface PendingWork {
  transcription: boolean;
  writing: boolean;
}

/**
 * The engine pending work waits for: the transcriber first (nothing is written before the
 * words are there), then the writer; null when nothing is pending or its engine is ready.
 */
export function awaitedEngine(readiness: EngineReadiness | undefined, work: PendingWork): AwaitedEngine | null {
  if (!readiness) return null;
  if (work.transcription && !readiness.transcriber.ready) return 'transcriber';
  if (work.writing && !readiness.writer.ready) return 'writer';
  return null;
}

/** A recording still on its way to a transcript. */
export function isTranscriptionPending(processingStatus: string): boolean {
  return processingStatus === 'uploaded' || processingStatus === 'transcribing';
}

/**
 * What a story still needs. A processing story needs its recordings transcribed (when
 * they are not known, assume so) and writing; a draft with text is a transcript shown
 * while the writer is not ready (write-story keeps it meanwhile), so it still needs writing.
 */
export function storyPendingWork(story: { processingStatus: string; hasText: boolean }, recordingsPending?: boolean): PendingWork {
  const processing = story.processingStatus === 'processing';
  return {
    transcription: recordingsPending ?? processing,
    writing: processing || (story.processingStatus === 'draft' && story.hasText),
  };
}
