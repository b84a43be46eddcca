import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/database.ts';
import { seeder } from '../../test/support/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { people, places, printBooks, users } from '../db/schema.ts';
import { writeAutobiographyJob } from '../autobiography/write-autobiography-job.ts';
import { PRINT_BOOK, printBookJob } from '../autobiography/print/print-book-job.ts';
import { refreshInfoJob } from '../people-and-places/refresh-info-job.ts';
import type { JobContext } from '../jobs/context.ts';
import { takeLease } from '../jobs/leases.ts';
import { type Queue, startQueue } from '../jobs/queue.ts';
import { TRANSCRIBE_RECORDING, transcribeRecordingJob } from '../pipeline/transcribe-recording-job.ts';
import { WRITE_STORY, writeStoryJob } from '../pipeline/write-story-job.ts';
import { BACKGROUND_JOBS } from './jobs.ts';
import { createJobQueues } from './queues.ts';
import { queueUnfinishedWork } from './recovery.ts';

// The one recovery pass, job by job: what counts as unfinished work, a held lease left
// alone, a job that waits not sent twice (a narration's case is in publishing/). No worker runs here.
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
  expect(recovered.sort()).toEqual(
    ['delete-account', 'export-archive', 'import-archive', 'narrate-story', PRINT_BOOK, 'refresh-info', 'tell-family-asker', TRANSCRIBE_RECORDING, WRITE_STORY, 'write-autobiography'].sort(),
  );
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

it('queues again a refresh of gathered information no job holds, once, and leaves a running one alone', async () => {
  const db = database.db;
  const [user] = await db.insert(users).values({ email: `${randomUUID()}@example.com` }).returning();
  const seed = seeder(db);
  const cutOff = await seed.person(user.id, 'Anna');
  const running = await seed.place(user.id, 'Tampere');
  await seed.person(user.id, 'Not asked for');
  await db.update(people).set({ enrichmentRefreshing: true }).where(eq(people.id, cutOff.id));
  await db.update(places).set({ enrichmentRefreshing: true }).where(eq(places.id, running.id));
  expect(await takeLease(db, refreshInfoJob.entityOf({ kind: 'place', id: running.id }), 'a live job')).toBe(true);

  const ctx = { db, queue } as unknown as JobContext;
  expect(await queueUnfinishedWork(ctx, [refreshInfoJob])).toEqual({ [refreshInfoJob.name]: 1 });
  expect(await queueUnfinishedWork(ctx, [refreshInfoJob])).toEqual({});
  const [job] = await queue.fetch<{ kind: string; id: number }>(refreshInfoJob.name);
  expect(job.data).toMatchObject({ kind: 'person', id: cutOff.id });
});

it('queues again a book being written that no job holds, once, and leaves the others alone', async () => {
  const db = database.db;
  const [user] = await db.insert(users).values({ email: `${randomUUID()}@example.com` }).returning();
  const seed = seeder(db);
  const half = [{ title: 'One', storyIds: [1], content: 'Written.', removed: [] }, { title: 'Two', storyIds: [2], content: null, removed: [] }];
  const cutOff = await seed.autobiography(user.id, 'Cut off', { processingStatus: 'processing', chapters: half });
  const running = await seed.autobiography(user.id, 'Running', { processingStatus: 'processing', chapters: half });
  await seed.autobiography(user.id, 'Done', { processingStatus: 'generated' });
  await seed.autobiography(user.id, 'Failed', { processingStatus: 'failed', error: 'quota_exceeded' });
  expect(await takeLease(db, writeAutobiographyJob.entityOf({ id: running.id }), 'a live job')).toBe(true);

  const ctx = { db, queue } as unknown as JobContext;
  expect(await queueUnfinishedWork(ctx, [writeAutobiographyJob])).toEqual({ [writeAutobiographyJob.name]: 1 });
  expect(await queueUnfinishedWork(ctx, [writeAutobiographyJob])).toEqual({});
  const [job] = await queue.fetch<{ id: number }>(writeAutobiographyJob.name);
  expect(job.data).toMatchObject({ id: cutOff.id });
});

it('queues again a print cut off by a crash that no job holds, once, and leaves finished ones alone', async () => {
  const db = database.db;
  const [user] = await db.insert(users).values({ email: `${randomUUID()}@example.com` }).returning();
  const seed = seeder(db);
  const print = async (state: 'queued' | 'running' | 'ready' | 'failed') => {
    const book = await seed.autobiography(user.id, `Book ${state}`, { processingStatus: 'generated' });
    const [row] = await db.insert(printBooks).values({ userId: user.id, autobiographyId: book.id, trim: '6x9', state }).returning();
    return row;
  };
  const cutOff = await print('running');
  const held = await print('queued');
  await print('ready');
  await print('failed');
  expect(await takeLease(db, printBookJob.entityOf({ printId: held.id }), 'a live job')).toBe(true);

  const ctx = { db, queue } as unknown as JobContext;
  expect(await queueUnfinishedWork(ctx, [printBookJob])).toEqual({ [PRINT_BOOK]: 1 });
  expect(await queueUnfinishedWork(ctx, [printBookJob])).toEqual({});
  const [job] = await queue.fetch<{ printId: string }>(PRINT_BOOK);
  expect(job.data).toMatchObject({ printId: cutOff.id });
});
