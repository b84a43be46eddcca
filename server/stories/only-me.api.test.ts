import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storySchema, storySummarySchema } from '../../contract/library.ts';
import { type HttpClient, ownerAndStranger } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { stories } from '../db/schema.ts';

// "Only me" (issue 28): the owner hides a story from every family reader; the story's view
// says so, and when it reached the circle (sharedWithFamilyAt).
let server: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let ownerId: string;
let seed: ReturnType<typeof seeder>;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  seed = seeder(server.database.db, server.store);
  ({ owner, ownerId, stranger } = await ownerAndStranger(server.url));
});
afterAll(() => server?.close());

const patchOnlyMe = (client: HttpClient, id: number, onlyMe: unknown) => client.request('PATCH', `/api/stories/${id}`, { onlyMe });

describe('PATCH /api/stories/{id} { onlyMe }', () => {
  it('marks a story "only me" and back, stored and shown in the story and the library', async () => {
    const story = await seed.story(ownerId, { title: 'Private' });

    expect((await patchOnlyMe(owner, story.id, true)).status).toBe(200);
    const [stored] = await server.database.db.select({ onlyMe: stories.onlyMe }).from(stories).where(eq(stories.id, story.id));
    expect(stored.onlyMe).toBe(true);
    // Read back through the API, not from the PATCH's own answer.
    expect(storySchema.parse(await (await owner.get(`/api/stories/${story.id}`)).json()).onlyMe).toBe(true);
    const list = storySummarySchema.array().parse(await (await owner.get('/api/stories')).json());
    expect(list.find((row) => row.id === story.id)?.onlyMe).toBe(true);

    expect((await patchOnlyMe(owner, story.id, false)).status).toBe(200);
    expect(storySchema.parse(await (await owner.get(`/api/stories/${story.id}`)).json()).onlyMe).toBe(false);
  });

  it('shows when the story reached the family circle', async () => {
    const sharedAt = new Date('2026-05-01T10:00:00Z');
    const shared = await seed.story(ownerId, { sharedWithFamilyAt: sharedAt });
    const notYet = await seed.story(ownerId, { sharedWithFamilyAt: null });
    expect(storySchema.parse(await (await owner.get(`/api/stories/${shared.id}`)).json()).sharedWithFamilyAt).toBe(sharedAt.toISOString());
    expect(storySchema.parse(await (await owner.get(`/api/stories/${notYet.id}`)).json()).sharedWithFamilyAt).toBeNull();
  });

  it("answers 404 for another user's story and leaves it as it was", async () => {
    const story = await seed.story(ownerId);
    const response = await patchOnlyMe(stranger, story.id, true);
    expect(response.status).toBe(404);
    const [stored] = await server.database.db.select({ onlyMe: stories.onlyMe }).from(stories).where(eq(stories.id, story.id));
    expect(stored.onlyMe).toBe(false);
  });

  it('refuses a value that is not true or false', async () => {
    const story = await seed.story(ownerId);
    const response = await patchOnlyMe(owner, story.id, 'yes');
    expect(response.status).toBe(400);
  });
});
