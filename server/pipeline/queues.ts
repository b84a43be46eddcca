import { z } from 'zod';
import type { Queue } from '../jobs/queue.ts';

/** Background jobs of the record-to-story pipeline, with their payloads. */
export const TRANSCRIBE_RECORDING = 'transcribe-recording';
export const WRITE_STORY = 'write-story';

export const transcribeRecordingJob = z.object({ recordingId: z.number().int().positive() });
export const writeStoryJob = z.object({ storyId: z.number().int().positive(), regenerate: z.boolean().default(false) });

const RETRIES = { retryLimit: 4, retryDelay: 5, retryBackoff: true };

/** Creates the pipeline's queues (pg-boss needs a queue before anything is sent to it). */
export async function createPipelineQueues(queue: Queue): Promise<void> {
  await queue.createQueue(TRANSCRIBE_RECORDING, { name: TRANSCRIBE_RECORDING, ...RETRIES, expireInSeconds: 60 * 60 });
  await queue.createQueue(WRITE_STORY, { name: WRITE_STORY, ...RETRIES, expireInSeconds: 30 * 60 });
}

export async function enqueueTranscription(queue: Queue, recordingId: number): Promise<void> {
  await queue.send(TRANSCRIBE_RECORDING, transcribeRecordingJob.parse({ recordingId }));
}

export async function enqueueStoryWriting(queue: Queue, storyId: number, options: { regenerate?: boolean } = {}): Promise<void> {
  await queue.send(WRITE_STORY, writeStoryJob.parse({ storyId, regenerate: options.regenerate }));
}
