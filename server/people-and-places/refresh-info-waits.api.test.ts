import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { type HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import type { Engines } from '../ai/engines.ts';
import { AiError } from '../ai/errors.ts';
import { people, recordingPeople, recordings } from '../db/schema.ts';
import type { JobContext } from '../jobs/context.ts';
import { refreshInfoJob } from './refresh-info-job.ts';

// A refresh asked for while a recording about the person is still being transcribed waits
// for the transcript (without spending a retry), then uses it. The app runs no workers, so
// the test steps the job itself and nothing else touches the recording meanwhile.
let fake: FakeOpenAi;
let server: TestApp;
let engines: Engines;
let client: HttpClient;
let userId: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  engines = fakeOpenAiEngines(fake);
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  ({ client, id: userId } = await signedUpClient(server.url, 'waiting@example.com'));
});
afterAll(async () => {
  await server?.close();
  await engines?.close();
  await fake?.close();
});

it('waits for a transcription still under way, then gathers from it', async () => {
  const db = server.database.db;
  const person = await seeder(db).person(userId, 'Grandfather Eino', 'grandfather');
  const recording = await seeder(db).recording(userId, { processingStatus: 'uploaded', transcription: null });
  await db.insert(recordingPeople).values({ recordingId: recording.id, personId: person.id });

  // Only a recording on its way, no transcript yet: the refresh is accepted and waits.
  expect((await client.post(`/api/people/${person.id}/refresh-info`)).status).toBe(202);
  const ctx = { db, store: server.store, engines, log: console } as unknown as JobContext;
  const run = { attempt: 0, signal: new AbortController().signal };
  const waited = await refreshInfoJob.run(ctx, { kind: 'person', id: person.id }, run).then(() => undefined, (error: unknown) => error);
  expect(waited).toBeInstanceOf(AiError);
  expect(waited).toMatchObject({ retryable: true, retryAfterMs: expect.any(Number) });
  expect(fake.requestsTo('chat')).toHaveLength(0);
  expect((await db.select().from(people).where(eq(people.id, person.id)))[0].enrichmentRefreshing).toBe(true);

  await db.update(recordings).set({ processingStatus: 'transcribed', transcription: 'Eino built the sauna himself in 1952 and heated it every Saturday.' }).where(eq(recordings.id, recording.id));
  fake.setChatReply({ values: [], interests: ['Sauna'], personality: null, relationshipDynamics: null, background: 'Built the sauna himself in 1952.', physicalDescription: null, notableQuotes: [] });
  await refreshInfoJob.run(ctx, { kind: 'person', id: person.id }, run);
  expect(JSON.stringify(fake.requestsTo('chat')[0].json.messages)).toContain('heated it every Saturday');
  const [row] = await db.select().from(people).where(eq(people.id, person.id));
  expect(row).toMatchObject({ enrichmentRefreshing: false, enrichmentError: null, enrichedInfo: { interests: ['Sauna'], background: 'Built the sauna himself in 1952.' } });

  // A second refresh asked for while this one ran (its job queued behind it) finds the flag
  // cleared, and still runs.
  fake.setChatReply({ values: [], interests: ['Sauna'], personality: null, relationshipDynamics: null, background: null, physicalDescription: null, notableQuotes: [] });
  await refreshInfoJob.run(ctx, { kind: 'person', id: person.id }, run);
  expect(fake.requestsTo('chat')).toHaveLength(2);
  expect((await db.select().from(people).where(eq(people.id, person.id)))[0]).toMatchObject({ enrichmentRefreshing: false, enrichedInfo: { interests: ['Sauna'] } });
});
