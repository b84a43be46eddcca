import { mkdtempSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/database.ts';
import { seeder } from '../../test/support/seed.ts';
import { createJobQueues } from '../background/queues.ts';
import { queueUnfinishedWork } from '../background/recovery.ts';
import { AiError } from '../ai/errors.ts';
import { LocalNarrator } from '../ai/local/narrator.ts';
import type { Narrator } from '../ai/ports.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { publishedStories, users } from '../db/schema.ts';
import { takeLease } from '../jobs/leases.ts';
import { type Queue, startQueue } from '../jobs/queue.ts';
import type { JobContext } from '../jobs/context.ts';
import type { BlobStore } from '../storage/index.ts';
import { localBlobStore } from '../storage/local-store.ts';
import { NARRATOR_MISSING_RETRY_MS, narrateStoryJob } from './narrate-story-job.ts';

// The narrate-story job's own rules, run by hand (no worker): it waits for a narrator that
// is not ready, stores nothing for a narration a publish has replaced, and recovery queues
// again a narration cut off by a crash.
let database: DatabaseHandle;
let queue: Queue;
let store: BlobStore;
const queueErrors: unknown[] = [];
const log = { info: () => {}, warn: () => {}, error: (obj: object) => queueErrors.push(obj) };

beforeAll(async () => {
  database = await freshDatabase();
  queue = await startQueue(database, { error: (error) => queueErrors.push(error) });
  await createJobQueues(queue);
  store = localBlobStore(mkdtempSync(path.join(tmpdir(), 'saaga-test-narration-')));
});
afterEach(() => expect(queueErrors).toEqual([]));
afterAll(async () => {
  await queue?.stop({ graceful: false, wait: true });
  await database?.close();
});

const context = (narrator: Narrator, blobs: BlobStore = store) =>
  ({ db: database.db, queue, store: blobs, engines: { narrator }, log }) as unknown as JobContext;
const run = { attempt: 0, signal: new AbortController().signal };

async function waitingCopy(narrationId = randomUUID()) {
  const db = database.db;
  const [user] = await db.insert(users).values({ email: `${randomUUID()}@example.com` }).returning();
  const story = await seeder(db).story(user.id, { title: 'Spoken', content: 'A story to speak aloud.' });
  const copy = await seeder(db).publishedStory(user.id, story.id, `spoken-${story.id}`, {
    title: story.title, content: story.content, audioStatus: 'waiting', narrationId, narrationVoice: 'alloy', narrationSpeed: 1,
  });
  return { copy, user };
}
const row = async (id: number) => (await database.db.select().from(publishedStories).where(eq(publishedStories.id, id)))[0];
async function keysOf(userId: string) {
  const keys: string[] = [];
  for await (const entry of store.list(`users/${userId}/narrations/`)) keys.push(entry.key);
  return keys;
}

it('waits, without spending a try, while the narrator is not ready', async () => {
  const { copy } = await waitingCopy();
  const missing: Narrator = {
    adapter: 'openai',
    narrate: async () => expect.fail('nothing is spoken without a narrator'),
    status: async () => ({ name: 'narrator', adapter: 'openai', model: 'gpt-4o-mini-tts', ready: false, problem: 'No OpenAI API key is set.' }),
    close: async () => {},
  };
  const payload = { publishedStoryId: copy.id, narrationId: copy.narrationId! };
  const error = await narrateStoryJob.run(context(missing), payload, run).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AiError);
  expect(error).toMatchObject({ code: 'temporarily_unavailable', retryable: true, retryAfterMs: NARRATOR_MISSING_RETRY_MS });
  await narrateStoryJob.onDelay!(context(missing), payload);
  expect((await row(copy.id)).audioStatus).toBe('waiting');
});

it('removes the audio it stored when a publish replaced its narration meanwhile', async () => {
  const { copy, user } = await waitingCopy();
  // The owner publishes again just as this job stores its file.
  const racing: BlobStore = {
    ...store,
    async putFile(key, file, type) {
      await store.putFile(key, file, type);
      await database.db.update(publishedStories).set({ narrationId: randomUUID(), audioStatus: 'waiting' }).where(eq(publishedStories.id, copy.id));
    },
  };
  await narrateStoryJob.run(context(new LocalNarrator(), racing), { publishedStoryId: copy.id, narrationId: copy.narrationId! }, run);
  expect(await row(copy.id)).toMatchObject({ audioStatus: 'waiting', audioKey: null });
  expect(await keysOf(user.id)).toEqual([]);
});

it('stores the narration and says ready when its narration is still the one wanted', async () => {
  const { copy, user } = await waitingCopy();
  await narrateStoryJob.run(context(new LocalNarrator()), { publishedStoryId: copy.id, narrationId: copy.narrationId! }, run);
  const done = await row(copy.id);
  expect(done).toMatchObject({ audioStatus: 'ready', narrationError: null });
  expect(await keysOf(user.id)).toEqual([done.audioKey]);
});

it('queues again a narration no job holds, once, and leaves a running one alone', async () => {
  const { copy: cutOff } = await waitingCopy();
  await database.db.update(publishedStories).set({ audioStatus: 'generating' }).where(eq(publishedStories.id, cutOff.id));
  const { copy: running } = await waitingCopy();
  expect(await takeLease(database.db, narrateStoryJob.entityOf({ publishedStoryId: running.id, narrationId: running.narrationId! }), 'a live job')).toBe(true);
  const { copy: done } = await waitingCopy();
  await database.db.update(publishedStories).set({ audioStatus: 'ready' }).where(eq(publishedStories.id, done.id));

  const ctx = context(new LocalNarrator());
  // Copies from the tests above are unfinished too; only the ones named here matter.
  await queueUnfinishedWork(ctx, [narrateStoryJob]);
  expect(await queueUnfinishedWork(ctx, [narrateStoryJob])).toEqual({});
  const queued = [];
  for (let job = (await queue.fetch<{ publishedStoryId: number; narrationId: string }>(narrateStoryJob.name))[0]; job; job = (await queue.fetch<{ publishedStoryId: number; narrationId: string }>(narrateStoryJob.name))[0]) {
    queued.push(job.data);
  }
  const ids = queued.map((data) => data.publishedStoryId);
  expect(ids).toContain(cutOff.id);
  expect(ids).not.toContain(running.id);
  expect(ids).not.toContain(done.id);
  expect(queued.find((data) => data.publishedStoryId === cutOff.id)).toMatchObject({ narrationId: cutOff.narrationId });
});
