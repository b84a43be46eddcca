import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

// The link's calls are public: each is limited per address and minute, the reads by
// PUBLIC_RATE_LIMIT, the writes by CONTRIBUTION_RATE_LIMIT, counted before the link is looked up.
let server: TestApp;
let token: string;
let storyId: number;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '3', CONTRIBUTION_RATE_LIMIT: '2' });
  const { id } = await signedUpClient(server.url, 'owner@example.com');
  const seed = seeder(server.database.db, server.store);
  storyId = (await seed.story(id)).id;
  token = (await seed.coAuthorToken(id, storyId)).token;
});
afterAll(() => server?.close());

const expectLimited = async (response: Response) => {
  expect(response.status).toBe(429);
  expect((await response.json()).code).toBe('rate_limited');
};

it('limits reads of a link, unknown links counted too', async () => {
  const reader = new HttpClient(server.url);
  expect((await reader.get(`/api/co-author/${randomBytes(32).toString('base64url')}`)).status).toBe(404);
  expect((await reader.get('/api/co-author/guess')).status).toBe(404);
  expect((await reader.get(`/api/co-author/${token}`)).status).toBe(200);
  await expectLimited(await reader.get(`/api/co-author/${token}`));
});

it('limits contributions and deletions each to their own count, refused before anything is read', async () => {
  const writer = new HttpClient(server.url);
  for (let i = 0; i < 2; i++) {
    const response = await writer.post(`/api/co-author/${token}/recordings`, {});
    expect(response.status).toBe(400);
  }
  await expectLimited(await writer.post(`/api/co-author/${token}/recordings`, {}));

  for (let i = 0; i < 2; i++) {
    expect((await writer.request('DELETE', `/api/co-author/${token}/recordings/1`, { contributorName: 'Pekka' })).status).toBe(404);
  }
  await expectLimited(await writer.request('DELETE', `/api/co-author/${token}/recordings/1`, { contributorName: 'Pekka' }));
});

it('limits photos like recordings: additions and deletions by the contribution limit, reads by the public one', async () => {
  const writer = new HttpClient(server.url);
  for (let i = 0; i < 2; i++) expect((await writer.post(`/api/co-author/${token}/photos`, {})).status).toBe(400);
  await expectLimited(await writer.post(`/api/co-author/${token}/photos`, {}));
  for (let i = 0; i < 2; i++) {
    expect((await writer.request('DELETE', `/api/co-author/${token}/photos/1`, { contributorName: 'Pekka' })).status).toBe(404);
  }
  await expectLimited(await writer.request('DELETE', `/api/co-author/${token}/photos/1`, { contributorName: 'Pekka' }));
  for (let i = 0; i < 3; i++) expect((await writer.get(`/api/co-author/${token}/photos/1?size=thumb`)).status).toBe(404);
  await expectLimited(await writer.get(`/api/co-author/${token}/photos/1?size=thumb`));
});

it("leaves the owner's signed-in calls alone", async () => {
  const { client } = await signedUpClient(server.url, 'busy@example.com');
  for (let i = 0; i < 6; i++) expect((await client.get('/api/stories')).status).toBe(200);
});
