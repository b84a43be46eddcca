import type { Queue } from '../jobs/queue.ts';
import { sendJob } from '../jobs/send-job.ts';
import { TRANSCRIBE_RECORDING, transcribeRecordingJob } from './transcribe-recording-job.ts';
import { WRITE_STORY, writeStoryJob } from './write-story-job.ts';

/** Background jobs of the record-to-story pipeline; their definitions live in their own files. */
export { TRANSCRIBE_RECORDING, WRITE_STORY };

/**
 * Queues a recording's transcription (nothing more while one already waits). A correction
 * made by hand up to `replaceCorrectionUpTo` may be replaced; any other is kept.
 */
export async function enqueueTranscription(
  queue: Queue,
  recordingId: number,
  options: { replaceCorrectionUpTo?: Date | null } = {},
): Promise<void> {
  await sendJob(queue, transcribeRecordingJob, { recordingId, replaceCorrectionUpTo: options.replaceCorrectionUpTo?.toISOString() });
}

/**
 * Queues a story's writing, or its rewriting with `regenerate` (nothing more while the same
 * already waits). Hand edits made up to `replaceEditsUpTo` may be replaced; later ones are kept.
 */
export async function enqueueStoryWriting(
  queue: Queue,
  storyId: number,
  options: { regenerate?: boolean; replaceEditsUpTo?: Date | null } = {},
): Promise<void> {
  await sendJob(queue, writeStoryJob, {
    storyId,
    regenerate: options.regenerate ?? false,
    replaceEditsUpTo: options.replaceEditsUpTo?.toISOString(),
  });
}
