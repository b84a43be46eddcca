import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localTestEngines } from '../../test/support/engines.ts';
import { type HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { createEngines } from '../ai/engines.ts';
import { followUpQuestions } from '../db/schema.ts';
import { FOLLOW_UP_QUESTIONS } from './follow-up-questions-job.ts';
import { groundedQuestions } from './grounded-questions.ts';

// The follow-up job on the real local writer with the test-size model, whose answers are
// nonsense: whatever it says, what is stored is grounded in the story, never doubled, and
// answered questions stay. And with no writing model the job waits without spending a try.
const SETTLED = 120_000;
const LAKE = 'Every summer we rowed across the lake with my uncle Pekka. The old boat leaked, and we laughed and bailed water all the way home.';

const servers: TestApp[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function signedInServer(engines: ReturnType<typeof localTestEngines>, email: string) {
  const server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines });
  servers.push(server);
  const { client, id } = await signedUpClient(server.url, email);
  return { server, client, userId: id };
}

/**
 * The story's follow-up jobs in the queue, oldest first: their state, and for one that
 * was queued again (a wait or a retry) why ("completed:waits 60000 ms").
 */
async function jobStates(server: TestApp, storyId: number): Promise<string[]> {
  const result = await server.database.db.execute(
    sql`select state, output->>'then' as then from pgboss.job where name = ${FOLLOW_UP_QUESTIONS} and (data->>'storyId')::int = ${storyId} order by created_on, id`,
  );
  return (result as unknown as { rows: { state: string; then: string | null }[] }).rows.map((r) => (r.then ? `${r.state}:${r.then}` : r.state));
}

/** Done: the last job ran to its end (queued again means a later one is still to come). */
const finished = (states: string[]) => states.length > 0 && (states.at(-1) === 'completed' || states.at(-1) === 'failed');
const runs = (states: string[]) => states.filter((s) => s === 'completed' || s === 'failed').length;

let local: { server: TestApp; client: HttpClient; userId: string };
beforeAll(async () => {
  local = await signedInServer(localTestEngines(), 'local-follow-ups@example.com');
});

it('on the test-size writer: only grounded questions are stored, answered ones stay, and a second run doubles nothing', { timeout: 2 * SETTLED + 10_000 }, async () => {
  const { server, client, userId } = local;
  const db = server.database.db;
  const story = await seeder(db).story(userId, { title: 'The leaking boat', content: LAKE });
  await seeder(db).recording(userId, { storyId: story.id, transcription: LAKE });
  const answered = await seeder(db).followUpQuestion(userId, story.id, 'Who bailed the most water?', { isAnswered: true, answeredAt: new Date(), answerStoryId: story.id });
  const rows = () => db.select().from(followUpQuestions).where(eq(followUpQuestions.storyId, story.id)).orderBy(followUpQuestions.id);

  for (let run = 1; run <= 2; run++) {
    // Something new since the first run (another recording), or the Refresh answers "up to date" at once.
    if (run > 1) await seeder(db).recording(userId, { storyId: story.id, transcription: LAKE });
    expect((await client.post(`/api/stories/${story.id}/regenerate-follow-up-questions`)).status).toBe(202);
    await waitFor(() => jobStates(server, story.id), (states) => runs(states) >= run && finished(states), SETTLED);
    const stored = await rows();
    expect(stored[0]).toMatchObject({ id: answered.id, isAnswered: true });
    const unanswered = stored.filter((q) => !q.isAnswered);
    const texts = unanswered.map((q) => q.question);
    expect(texts.length).toBeLessThanOrEqual(3);
    expect(new Set(texts.map((q) => q.toLowerCase())).size).toBe(texts.length);
    expect(groundedQuestions(texts, [story.title, LAKE])).toEqual(texts);
    expect(unanswered.every((q) => q.language === 'en' && q.userId === userId)).toBe(true);
  }
  expect(server.backgroundErrors).toEqual([]);
});

// Going on once the model file appears is the runner's, for every job: waiting-for-model.engine.test.ts shows it.
it('with no writing model the job waits, spending no try, and the screen can say why', { timeout: SETTLED }, async () => {
  const modelsDir = mkdtempSync(path.join(tmpdir(), 'saaga-no-writer-'));
  const { server, client, userId } = await signedInServer(createEngines({ modelsDir, writer: 'local', transcriber: 'local' }), 'no-writer@example.com');
  const db = server.database.db;
  const story = await seeder(db).story(userId, { title: 'The leaking boat', content: LAKE });

  expect((await client.post(`/api/stories/${story.id}/regenerate-follow-up-questions`)).status).toBe(202);
  // The story screen asks the engines why nothing comes: the writer is not ready.
  expect((await (await client.get('/api/engines')).json()).writer).toEqual({ ready: false });
  // It waits (not failed, no try spent), however long the model takes.
  const waiting = await waitFor(() => jobStates(server, story.id), (states) => states.length >= 2, 30_000);
  expect(waiting[0]).toMatch(/^completed:waits \d+ ms$/);
  expect(waiting.at(-1)).toBe('created');
  expect(await db.select().from(followUpQuestions).where(eq(followUpQuestions.storyId, story.id))).toEqual([]);
  expect(server.backgroundErrors).toEqual([]);
});
