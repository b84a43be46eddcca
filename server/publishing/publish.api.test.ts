import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publicStorySchema, publishedStatusSchema, publishResultSchema } from '../../contract/publishing.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { HttpClient, ownerAndStranger } from '../../test/support/http-client.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { publishedStories, users } from '../db/schema.ts';

// Publishing through the API, with the narrator of the `openai` adapter against the fake
// OpenAI server (its speech is a real MP3). The local narrator's audio: narration-local.api.test.ts.
const SETTLED = 30_000;

let fake: FakeOpenAi;
let server: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let ownerId: string;
let strangerId: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '1000' }, { engines: fakeOpenAiEngines(fake) });
  ({ owner, ownerId, stranger, strangerId } = await ownerAndStranger(server.url));
});
afterEach(() => {
  fake.reset();
  expect(server.backgroundErrors).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const seed = () => seeder(server.database.db, server.store);
const silent = { generateAudio: false };
const copyOf = async (storyId: number) => (await server.database.db.select().from(publishedStories).where(eq(publishedStories.storyId, storyId)))[0];
/** The narration audio stored for one public copy. */
const narrationKeys = async (copyId: number) => {
  const keys: string[] = [];
  for await (const entry of server.store.list(`users/${ownerId}/narrations/`)) if (entry.key.includes(`/narrations/${copyId}-`)) keys.push(entry.key);
  return keys;
};

async function publish(storyId: number, body: unknown = silent, client = owner) {
  return client.post(`/api/stories/${storyId}/publish`, body);
}
async function published(storyId: number, body: unknown = silent, client = owner) {
  const response = await publish(storyId, body, client);
  expect(response.status, await response.clone().text()).toBe(200);
  return publishResultSchema.parse(await response.json());
}
const status = async (storyId: number) => publishedStatusSchema.parse(await (await owner.get(`/api/stories/${storyId}/published-status`)).json());
const settledNarration = (storyId: number) =>
  waitFor(() => status(storyId), (s) => ['ready', 'failed'].includes(s.publishedStory?.narration ?? ''), SETTLED);

describe('publishing a story', () => {
  it('copies the story for anyone to read, without a session', async () => {
    await server.database.db.update(users).set({ authorName: 'Aino Virtanen' }).where(eq(users.id, ownerId));
    const story = await seed().story(ownerId, {
      title: 'Mökkikesä',
      content: 'Soudimme järven yli joka aamu.\nIsä lauloi.\n\nIllalla saunottiin.',
      language: 'fi',
      temporalType: 'month_year',
      month: 7,
      year: 1965,
    });
    const result = await published(story.id);
    expect(result.url).toBe(`${server.url}/published/mokkikesa`);
    expect(result.publishedStory).toMatchObject({ slug: 'mokkikesa', publicUrl: result.url, narration: 'none', isOutdated: false, voice: null, speed: null, authorName: 'Aino Virtanen', hearVoice: false });

    const reader = new HttpClient(server.url);
    const response = await reader.get('/api/published/mokkikesa');
    expect(response.status).toBe(200);
    expect(publicStorySchema.parse(await response.json())).toEqual({
      title: 'Mökkikesä',
      content: 'Soudimme järven yli joka aamu.\nIsä lauloi.\n\nIllalla saunottiin.',
      authorName: 'Aino Virtanen',
      audioUrl: null,
      publishedAt: result.publishedStory.publishedAt,
      language: 'fi',
      temporalType: 'month',
      year: 1965,
      month: 7,
      day: null,
      endYear: null,
      photos: [],
      // Published without the teller's voice: the default (issue 29).
      hearVoice: false,
    });
    expect(await status(story.id)).toEqual({ isPublished: true, publishedStory: result.publishedStory });
  });

  it('signs with the first and last name when there is no author name, and with nothing when there is neither', async () => {
    await server.database.db.update(users).set({ authorName: null, firstName: 'Aino', lastName: 'Virtanen' }).where(eq(users.id, ownerId));
    const story = await seed().story(ownerId, { title: 'Signed with a name', temporalType: 'specific_date', specificDate: '1969-07-20', year: 1969 });
    await published(story.id);
    expect(await (await new HttpClient(server.url).get('/api/published/signed-with-a-name')).json()).toMatchObject({
      authorName: 'Aino Virtanen', temporalType: 'specific', year: 1969, month: 7, day: 20,
    });
    await server.database.db.update(users).set({ firstName: null, lastName: null }).where(eq(users.id, ownerId));
    await published(story.id);
    expect((await (await new HttpClient(server.url).get('/api/published/signed-with-a-name')).json()).authorName).toBeNull();
  });

  it('answers 404 for a slug nobody published, and for one that cannot be a slug', async () => {
    const reader = new HttpClient(server.url);
    for (const slug of ['nobody-published-this', 'Not_A_Slug', 'x'.repeat(81)]) {
      const response = await reader.get(`/api/published/${slug}`);
      expect(response.status, slug).toBe(404);
      expect(await response.json()).toEqual({ code: 'not_found', message: 'Story not found' });
    }
  });

  it('refuses a story that is still being written', async () => {
    const story = await seed().story(ownerId, { title: 'Processing...', content: 'Your story is being generated...', processingStatus: 'processing', generatedAt: null });
    const response = await publish(story.id);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'busy', message: 'This story is still being written. Publish it when it is ready.' });
    expect(await copyOf(story.id)).toBeUndefined();
  });
});

describe('slugs', () => {
  it('trims a custom slug, and makes one from the title when it is empty or missing', async () => {
    const custom = await seed().story(ownerId, { title: 'Custom one' });
    expect((await published(custom.id, { ...silent, customSlug: '  our-summer-1965  ' })).publishedStory.slug).toBe('our-summer-1965');
    const empty = await seed().story(ownerId, { title: 'Äidin Åland-matka' });
    expect((await published(empty.id, { ...silent, customSlug: '   ' })).publishedStory.slug).toBe('aidin-aland-matka');
    const missing = await seed().story(ownerId, { title: '???' });
    expect((await published(missing.id, { generateAudio: false, customSlug: null })).publishedStory.slug).toBe('story');
  });

  it('gives a made slug that is taken a suffix, and keeps a story its own slug when it is published again', async () => {
    const first = await seed().story(ownerId, { title: 'The old sauna' });
    const second = await seed().story(ownerId, { title: 'The old sauna' });
    const third = await seed().story(strangerId, { title: 'The Old Sauna!' });
    expect((await published(first.id)).publishedStory.slug).toBe('the-old-sauna');
    expect((await published(second.id)).publishedStory.slug).toBe('the-old-sauna-2');
    expect((await published(third.id, silent, stranger)).publishedStory.slug).toBe('the-old-sauna-3');
    expect((await published(second.id)).publishedStory.slug).toBe('the-old-sauna-2');
    expect((await published(first.id, { ...silent, customSlug: '' })).publishedStory.slug).toBe('the-old-sauna');
  });

  it('gives stories published at the same moment with the same title a slug each', async () => {
    const same = await Promise.all([1, 2, 3].map(() => seed().story(ownerId, { title: 'At the same moment' })));
    const results = await Promise.all(same.map((story) => published(story.id)));
    expect(results.map((r) => r.publishedStory.slug).sort()).toEqual(['at-the-same-moment', 'at-the-same-moment-2', 'at-the-same-moment-3']);
  });

  it('refuses a custom slug another story holds, with the spec words', async () => {
    const mine = await seed().story(ownerId, { title: 'Taken link' });
    await published(mine.id, { ...silent, customSlug: 'taken-link' });
    const theirs = await seed().story(strangerId, { title: 'Another story' });
    const response = await publish(theirs.id, { ...silent, customSlug: 'taken-link' }, stranger);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'slug_taken', message: 'This link is already used by another story' });
    expect(await copyOf(theirs.id)).toBeUndefined();
    // The story that holds it may name it again.
    expect((await published(mine.id, { ...silent, customSlug: 'taken-link' })).publishedStory.slug).toBe('taken-link');
  });

  it.each(['Hello World', 'kesä', 'a--b', '-edge', 'under_score', 'x'.repeat(81)])('refuses the custom slug %j with a 400', async (customSlug) => {
    const story = await seed().story(ownerId, { title: 'Bad slug' });
    const response = await publish(story.id, { ...silent, customSlug });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation', field: 'customSlug' });
    expect(await copyOf(story.id)).toBeUndefined();
  });

  it('moves to a new custom slug on a republish, and the old link no longer answers', async () => {
    const story = await seed().story(ownerId, { title: 'Moving link' });
    await published(story.id);
    expect((await published(story.id, { ...silent, customSlug: 'moved-link' })).url).toBe(`${server.url}/published/moved-link`);
    const reader = new HttpClient(server.url);
    expect((await reader.get('/api/published/moving-link')).status).toBe(404);
    expect((await reader.get('/api/published/moved-link')).status).toBe(200);
  });
});

describe('who may publish', () => {
  it("gives 404 for another user's story and publishes nothing", async () => {
    const story = await seed().story(ownerId, { title: 'Not yours' });
    const response = await publish(story.id, silent, stranger);
    expect(response.status).toBe(404);
    expect((await stranger.get(`/api/stories/${story.id}/published-status`)).status).toBe(404);
    expect(await copyOf(story.id)).toBeUndefined();

    await published(story.id);
    const copy = (await copyOf(story.id))!;
    expect((await stranger.request('DELETE', `/api/published-stories/${copy.id}`)).status).toBe(404);
    expect(await copyOf(story.id)).toBeDefined();
  });

  it('answers 401 without a session before it looks at the body', async () => {
    const story = await seed().story(ownerId);
    const anonymous = new HttpClient(server.url);
    const response = await anonymous.post(`/api/stories/${story.id}/publish`, { customSlug: 'NOT VALID', generateAudio: 'yes' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
    expect((await anonymous.get(`/api/stories/${story.id}/published-status`)).status).toBe(401);
  });

  it('ignores a userId in the body', async () => {
    const story = await seed().story(ownerId, { title: 'Whose copy' });
    await published(story.id, { ...silent, userId: strangerId });
    expect((await copyOf(story.id))!.userId).toBe(ownerId);
  });
});

describe('the published version', () => {
  it('stays until the owner publishes again, and the card says so', async () => {
    const story = await seed().story(ownerId, { title: 'Before the edit', content: 'The first telling.' });
    await published(story.id);
    expect((await owner.request('PATCH', `/api/stories/${story.id}`, { content: 'The second telling.' })).status).toBe(200);

    expect((await status(story.id)).publishedStory?.isOutdated).toBe(true);
    expect((await (await new HttpClient(server.url).get('/api/published/before-the-edit')).json()).content).toBe('The first telling.');

    expect((await published(story.id)).publishedStory.isOutdated).toBe(false);
    expect((await (await new HttpClient(server.url).get('/api/published/before-the-edit')).json()).content).toBe('The second telling.');
  });

  it('is not published until it is, and unpublishing keeps the slug the owner\'s for a while', async () => {
    const story = await seed().story(ownerId, { title: 'Here and gone' });
    expect(await status(story.id)).toEqual({ isPublished: false, publishedStory: null });
    const { publishedStory } = await published(story.id);

    const response = await owner.request('DELETE', `/api/published-stories/${publishedStory.id}`);
    expect(response.status).toBe(204);
    expect(await status(story.id)).toEqual({ isPublished: false, publishedStory: null });
    expect((await new HttpClient(server.url).get('/api/published/here-and-gone')).status).toBe(404);
    expect((await new HttpClient(server.url).get('/published/here-and-gone')).status).toBe(404);

    // The old link must not show a stranger's story (slug-reservation.api.test.ts).
    const other = await seed().story(strangerId, { title: 'Here and gone' });
    expect((await published(other.id, silent, stranger)).publishedStory.slug).toBe('here-and-gone-2');
    expect((await owner.request('DELETE', `/api/published-stories/${publishedStory.id}`)).status).toBe(404);
  });
});

describe('narration', () => {
  it('is made in the background with the voice and speed asked for, and played to anyone', async () => {
    const story = await seed().story(ownerId, { title: 'Narrated', content: 'We rowed across the lake. Father sang.' });
    const result = await published(story.id, { ttsOptions: { voice: 'nova', speed: 1.25 } });
    expect(result.publishedStory).toMatchObject({ narration: 'waiting', voice: 'nova', speed: 1.25 });

    const done = await settledNarration(story.id);
    expect(done.publishedStory).toMatchObject({ narration: 'ready', narrationError: null });
    const spoken = fake.requestsTo('speech');
    expect(spoken).toHaveLength(1);
    expect(spoken[0]!.json).toMatchObject({ voice: 'nova', speed: 1.25, input: 'Narrated.\n\nWe rowed across the lake. Father sang.' });

    const reader = new HttpClient(server.url);
    const publicStory = await (await reader.get('/api/published/narrated')).json();
    expect(publicStory.audioUrl).toBe('/api/published/narrated/audio');
    const audio = await reader.get(publicStory.audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const copy = (await copyOf(story.id))!;
    expect(await narrationKeys(copy.id)).toEqual([copy.audioKey]);
  });

  it('is failed with the catalogue words when the narrator refuses for good', async () => {
    const story = await seed().story(ownerId, { title: 'Refused', content: 'Nobody will hear this.' });
    fake.fail('speech', 401);
    await published(story.id, {});
    const done = await settledNarration(story.id);
    expect(done.publishedStory).toMatchObject({ narration: 'failed', narrationError: 'AI service authentication failed.' });
    expect(fake.refused).toEqual([{ endpoint: 'speech', status: 401, code: expect.anything(), asked: true }]);
    const reader = new HttpClient(server.url);
    expect((await (await reader.get('/api/published/refused')).json()).audioUrl).toBeNull();
    expect((await reader.get('/api/published/refused/audio')).status).toBe(404);
  });

  it('is removed when the story is published again without it, and when it is unpublished', async () => {
    const story = await seed().story(ownerId, { title: 'Heard then silent', content: 'A short one.' });
    await published(story.id, {});
    await settledNarration(story.id);
    const copy = (await copyOf(story.id))!;
    expect(copy.audioKey).toMatch(new RegExp(`^users/${ownerId}/narrations/${copy.id}-`));
    expect(await server.store.size(copy.audioKey!)).toBeGreaterThan(0);

    expect((await published(story.id)).publishedStory.narration).toBe('none');
    expect(await server.store.size(copy.audioKey!)).toBeNull();

    await published(story.id, {});
    const ready = await settledNarration(story.id);
    const again = (await copyOf(story.id))!;
    expect(ready.publishedStory?.narration).toBe('ready');
    expect((await owner.request('DELETE', `/api/published-stories/${again.id}`)).status).toBe(204);
    expect(await server.store.size(again.audioKey!)).toBeNull();
  });

  it('goes with its story: deleting the story unpublishes it and removes the audio', async () => {
    const story = await seed().story(ownerId, { title: 'Deleted with its story', content: 'Soon gone.' });
    await published(story.id, {});
    await settledNarration(story.id);
    const copy = (await copyOf(story.id))!;
    expect(await server.store.size(copy.audioKey!)).toBeGreaterThan(0);

    expect((await owner.request('DELETE', `/api/stories/${story.id}`)).status).toBe(204);
    expect(await copyOf(story.id)).toBeUndefined();
    expect(await server.store.size(copy.audioKey!)).toBeNull();
    expect((await new HttpClient(server.url).get('/api/published/deleted-with-its-story')).status).toBe(404);
  });

  it('of a story published again while it is spoken is the new one; the old job stores nothing', async () => {
    const story = await seed().story(ownerId, { title: 'Told twice', content: 'The first telling of the story.' });
    const held = fake.hold('speech', (r) => String(r.json?.input).includes('first telling'));
    await published(story.id, {});
    await waitFor(async () => held.waiting, (n) => n === 1, SETTLED);
    expect((await status(story.id)).publishedStory?.narration).toBe('generating');

    await owner.request('PATCH', `/api/stories/${story.id}`, { content: 'The second telling of the story.' });
    const second = await published(story.id, { ttsOptions: { voice: 'echo', speed: 1 } });
    expect(second.publishedStory.narration).toBe('waiting');
    held.release();

    const done = await settledNarration(story.id);
    expect(done.publishedStory).toMatchObject({ narration: 'ready', voice: 'echo' });
    const inputs = fake.requestsTo('speech').map((r) => r.json.input);
    expect(inputs).toEqual(['Told twice.\n\nThe first telling of the story.', 'Told twice.\n\nThe second telling of the story.']);
    expect(fake.requestsTo('speech')[1]!.json.voice).toBe('echo');
    // Only the new narration's audio is kept.
    const copy = (await copyOf(story.id))!;
    expect(await narrationKeys(copy.id)).toEqual([copy.audioKey]);
  });
});
