import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(() => server?.close());

it("counts the words of this month's transcribed recordings of the user and of co-authors on their stories, and nothing else", async () => {
  const { client: owner, id: ownerId } = await signedUpClient(server.url, 'owner@example.com');
  const { client: stranger, id: strangerId } = await signedUpClient(server.url, 'stranger@example.com');
  const seed = seeder(server.database.db, server.store);
  const story = await seed.story(ownerId, { title: 'Summers' });
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 60_000);

  await seed.recording(ownerId, { storyId: story.id, transcription: 'We rowed across the lake every morning.' }); // 7
  await seed.recording(ownerId, { storyId: story.id, transcription: '  Grandma   sang\nin the kitchen ', contributorName: 'Mummo' }); // 5
  await seed.recording(ownerId, { transcription: '   ' }); // 0
  await seed.recording(ownerId, { transcription: 'Counted in the month before this one.', createdAt: lastMonth });
  await seed.recording(ownerId, { transcription: 'A failed one keeps what it had.', processingStatus: 'failed' });
  await seed.recording(ownerId, { transcription: null, processingStatus: 'uploaded' });
  await seed.recording(strangerId, { transcription: 'Not yours to count.' }); // 4

  const mine = await owner.get('/api/usage');
  expect(mine.status).toBe(200);
  expect(await mine.json()).toEqual({ month: now.toISOString().slice(0, 7), wordsUsed: 12, plan: 'free', limit: 5000 });
  expect((await (await stranger.get('/api/usage')).json()).wordsUsed).toBe(4);
});

it('needs a session', async () => {
  expect((await new HttpClient(server.url).get('/api/usage')).status).toBe(401);
});
