import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/database.ts';
import { seeder } from '../../test/support/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { JobContext } from '../jobs/context.ts';
import { takeLease } from '../jobs/leases.ts';
import { type Queue, startQueue } from '../jobs/queue.ts';
import { TRANSCRIBE_RECORDING, transcribeRecordingJob } from '../pipeline/transcribe-recording-job.ts';
import { WRITE_STORY, writeStoryJob } from '../pipeline/write-story-job.ts';
import { BACKGROUND_JOBS } from './jobs.ts';
import { createJobQueues } from './queues.ts';
import { queueUnfinishedWork } from './recovery.ts';

// The one recovery pass over the record-to-story jobs' unfinished work (the other jobs'
// cases are in their folders): what counts as unfinished, a held lease left alone, a job
// that waits not sent twice. No worker runs here.
let database: DatabaseHandle;
let queue: Queue;
const queueErrors: unknown[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  queue = await startQueue(database, { error: (error) => queueErrors.push(error) });
  await createJobQueues(queue);
});
afterEach(() => {
  expect(queueErrors).toEqual([]);
});
afterAll(async () => {
  await queue?.stop({ graceful: false, wait: true });
  await database?.close();
});

async function fetchAll<T>(name: string): Promise<T[]> {
  const found: T[] = [];
  for (let [job] = await queue.fetch<T>(name); job; [job] = await queue.fetch<T>(name)) found.push(job.data);
  return found;
}

it('every job whose work a crash can cut off says how to find it', () => {
  const recovered = BACKGROUND_JOBS.filter((job) => job.unfinished).map((job) => job.name);
  expect(recovered.sort()).toEqual(['narrate-story', 'refresh-info', TRANSCRIBE_RECORDING, WRITE_STORY, 'write-autobiography'].sort());
});

it('queues again the transcriptions and story writings no job holds, once each', async () => {
  const db = database.db;
  const [user] = await db.insert(users).values({ email: `${randomUUID()}@example.com` }).returning();
  const seed = seeder(db);
  // A story cut off while written for the first time, and one cut off while rewritten.
  const first = await seed.story(user.id, { processingStatus: 'processing', generatedAt: null });
  await seed.recording(user.id, { storyId: first.id });
  const rewrite = await seed.story(user.id, { processingStatus: 'processing' });
  // A story whose recording still waits for its transcription: the transcription goes first.
  const waiting = await seed.story(user.id, { processingStatus: 'processing', generatedAt: null });
  const uploaded = await seed.recording(user.id, { storyId: waiting.id, processingStatus: 'uploaded', transcription: null });
  const cutOff = await seed.recording(user.id, { processingStatus: 'transcribing', transcription: null });
  // Work a live job holds, and finished work, are left alone.
  const running = await seed.recording(user.id, { processingStatus: 'transcribing', transcription: null });
  const heldStory = await seed.story(user.id, { processingStatus: 'processing', generatedAt: null });
  await seed.recording(user.id, { processingStatus: 'failed' });
  await seed.story(user.id);
  expect(await takeLease(db, transcribeRecordingJob.entityOf({ recordingId: running.id }), 'a live job')).toBe(true);
  expect(await takeLease(db, writeStoryJob.entityOf({ storyId: heldStory.id, regenerate: false }), 'a live job')).toBe(true);

  const ctx = { db, queue } as unknown as JobContext;
  expect(await queueUnfinishedWork(ctx)).toEqual({ [TRANSCRIBE_RECORDING]: 2, [WRITE_STORY]: 2 });
  // Their jobs wait now: the next pass sends nothing more.
  expect(await queueUnfinishedWork(ctx)).toEqual({});
  const transcriptions = await fetchAll<{ recordingId: number }>(TRANSCRIBE_RECORDING);
  expect(transcriptions.map((data) => data.recordingId).sort()).toEqual([uploaded.id, cutOff.id].sort());
  const writings = await fetchAll<{ storyId: number; regenerate: boolean }>(WRITE_STORY);
  expect(writings.map(({ storyId, regenerate }) => ({ storyId, regenerate })).sort((a, b) => a.storyId - b.storyId)).toEqual([
    { storyId: first.id, regenerate: false },
    { storyId: rewrite.id, regenerate: true },
  ]);
});
