import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishResultSchema, SLUG_RESERVATION_DAYS } from '../../contract/publishing.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { retiredSlugs, users } from '../db/schema.ts';

// A slug a story gave up stays its account's for SLUG_RESERVATION_DAYS (decision 031): an
// old shared link must never show a stranger's story. Every way a slug goes is covered:
// unpublish, a new slug on republish, the story deleted, the account deleted.

let server: TestApp;
let accounts = 0;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await server?.close();
});

const silent = { generateAudio: false };
async function person() {
  accounts += 1;
  return signedUpClient(server.url, `slugger${accounts}@example.com`);
}
const story = (userId: string, title: string) => seeder(server.database.db).story(userId, { title, content: 'We rowed across the lake.' });
const publish = (client: HttpClient, storyId: number, body: object = silent) => client.post(`/api/stories/${storyId}/publish`, body);
async function published(client: HttpClient, storyId: number, body: object = silent) {
  const response = await publish(client, storyId, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return publishResultSchema.parse(await response.json()).publishedStory;
}
async function expectTaken(client: HttpClient, storyId: number, customSlug: string) {
  const response = await publish(client, storyId, { ...silent, customSlug });
  expect(response.status).toBe(409);
  expect(await response.json()).toMatchObject({ code: 'slug_taken', message: 'This link is already used by another story' });
}
/** Makes the slug's reservation as old as `days` (the clock is not waited for). */
const age = (slug: string, days: number) =>
  server.database.db.update(retiredSlugs).set({ retiredAt: new Date(Date.now() - days * 24 * 60 * 60 * 1000) }).where(eq(retiredSlugs.slug, slug));

describe('a slug a story gave up', () => {
  it('after unpublishing: another account gets 409 for it and a made slug skips it; the owner may take it again', async () => {
    const owner = await person();
    const other = await person();
    const mine = await story(owner.id, 'Our summer');
    const copy = await published(owner.client, mine.id, { ...silent, customSlug: 'our-summer' });
    expect((await owner.client.request('DELETE', `/api/published-stories/${copy.id}`)).status).toBe(204);

    const theirs = await story(other.id, 'Our summer');
    await expectTaken(other.client, theirs.id, 'our-summer');
    expect((await published(other.client, theirs.id)).slug).toBe('our-summer-2');
    expect((await new HttpClient(server.url).get('/api/published/our-summer')).status).toBe(404);

    const again = await story(owner.id, 'A new telling');
    expect((await published(owner.client, again.id, { ...silent, customSlug: 'our-summer' })).slug).toBe('our-summer');
  });

  it('after moving to another slug: the old one is held for the owner', async () => {
    const owner = await person();
    const other = await person();
    const mine = await story(owner.id, 'The sauna');
    expect((await published(owner.client, mine.id)).slug).toBe('the-sauna');
    expect((await published(owner.client, mine.id, { ...silent, customSlug: 'grandpas-sauna' })).slug).toBe('grandpas-sauna');

    const theirs = await story(other.id, 'The sauna');
    await expectTaken(other.client, theirs.id, 'the-sauna');
    expect((await published(other.client, theirs.id)).slug).toBe('the-sauna-2');
    // Republishing with the slug it has keeps it, and holds nothing back.
    expect((await published(owner.client, mine.id, { ...silent, customSlug: 'grandpas-sauna' })).slug).toBe('grandpas-sauna');
    expect((await published(owner.client, mine.id, { ...silent, customSlug: 'the-sauna' })).slug).toBe('the-sauna');
  });

  it('after the story is deleted, and after the account is deleted', async () => {
    const owner = await person();
    const leaving = await person();
    const other = await person();
    const deleted = await story(owner.id, 'Deleted story');
    await published(owner.client, deleted.id, { ...silent, customSlug: 'deleted-story' });
    expect((await owner.client.request('DELETE', `/api/stories/${deleted.id}`)).status).toBe(204);
    const gone = await story(leaving.id, 'Gone account');
    await published(leaving.client, gone.id, { ...silent, customSlug: 'gone-account' });
    // No route deletes an account yet: its rows go with it by the database's cascades.
    await server.database.db.delete(users).where(eq(users.id, leaving.id));

    const theirs = await story(other.id, 'Deleted story');
    await expectTaken(other.client, theirs.id, 'deleted-story');
    await expectTaken(other.client, theirs.id, 'gone-account');
    expect((await published(other.client, theirs.id)).slug).toBe('deleted-story-2');
  });

  it(`is free for anyone once ${SLUG_RESERVATION_DAYS} days have passed`, async () => {
    const owner = await person();
    const other = await person();
    const mine = await story(owner.id, 'Old link');
    const copy = await published(owner.client, mine.id, { ...silent, customSlug: 'old-link' });
    expect((await owner.client.request('DELETE', `/api/published-stories/${copy.id}`)).status).toBe(204);
    const theirs = await story(other.id, 'Old link');

    await age('old-link', SLUG_RESERVATION_DAYS - 1);
    await expectTaken(other.client, theirs.id, 'old-link');
    await age('old-link', SLUG_RESERVATION_DAYS + 1);
    expect((await published(other.client, theirs.id, { ...silent, customSlug: 'old-link' })).slug).toBe('old-link');
  });
});
