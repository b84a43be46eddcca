import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type HttpClient, ownerAndStranger, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { recordings, stories, storySearchDocuments, users } from '../db/schema.ts';
import { HIGHLIGHT_END, HIGHLIGHT_START, searchResponseSchema, snippetParts } from '../../contract/search.ts';

// Search (issue 14): English and Finnish stemming, ranking, transcripts, scoping, validation.
let server: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let ownerId: string;
let strangerId: string;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  ({ owner, ownerId, stranger, strangerId } = await ownerAndStranger(server.url));
});
afterAll(async () => {
  await server?.close();
});

const seed = () => seeder(server.database.db);

async function search(client: HttpClient, q: string, extra = '') {
  const response = await client.get(`/api/search?q=${encodeURIComponent(q)}${extra}`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return searchResponseSchema.strict().parse(JSON.parse(text));
}
const idsOf = (page: { results: { storyId: number }[] }) => page.results.map((r) => r.storyId);
const marked = (snippet: string) => snippetParts(snippet).filter((p) => p.match).map((p) => p.text.toLowerCase());

describe('stemming', () => {
  it('finds a Finnish story with "järvi" by "järvellä", and marks the word in the snippet', async () => {
    const story = await seed().story(ownerId, {
      title: 'Mökkikesä',
      content: 'Isoisän mökki oli järven rannalla. Järvi oli kirkas ja kylmä.',
      language: 'fi',
    });
    const page = await search(owner, 'järvellä');
    expect(idsOf(page)).toContain(story.id);
    const hit = page.results.find((r) => r.storyId === story.id)!;
    expect(hit).toMatchObject({ title: 'Mökkikesä', language: 'fi' });
    expect(marked(hit.snippet)).toEqual(expect.arrayContaining(['järven', 'järvi']));
  });

  it('finds an English story with "swims" by "swimming" and "swim", and not by an unrelated word', async () => {
    const story = await seed().story(ownerId, { title: 'Mornings', content: 'She swims in the cold harbour every morning.' });
    expect(idsOf(await search(owner, 'swimming'))).toContain(story.id);
    expect(idsOf(await search(owner, 'swim'))).toContain(story.id);
    expect(idsOf(await search(owner, 'xylophone'))).not.toContain(story.id);
  });
});

describe('ranking and sources', () => {
  it('ranks a title match above a passing mention', async () => {
    const passing = await seed().story(ownerId, {
      title: 'A long winter',
      content: 'We shovelled snow, baked bread, knitted socks and once, briefly, talked about a lighthouse.',
    });
    const titled = await seed().story(ownerId, { title: 'The lighthouse', content: 'Father kept the light burning.' });
    const ids = idsOf(await search(owner, 'lighthouse'));
    expect(ids.indexOf(titled.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(passing.id)).toBeGreaterThan(ids.indexOf(titled.id));
  });

  it('finds a story by words only its recording transcript holds, and drops it when the transcript changes', async () => {
    const story = await seed().story(ownerId, { title: 'Untitled memory', content: 'Something happened.' });
    const recording = await seed().recording(ownerId, { storyId: story.id, transcription: 'We met the blacksmith at the fair.' });
    const page = await search(owner, 'blacksmith');
    expect(idsOf(page)).toContain(story.id);
    expect(marked(page.results.find((r) => r.storyId === story.id)!.snippet)).toContain('blacksmith');

    const corrected = await owner.request('PATCH', `/api/recordings/${recording.id}/transcription`, { transcription: 'We met the baker.' });
    expect(corrected.status).toBe(200);
    expect(idsOf(await search(owner, 'blacksmith'))).not.toContain(story.id);
    expect(idsOf(await search(owner, 'baker'))).toContain(story.id);
  });

  it('finds an edited story by its new words, not its old ones', async () => {
    const story = await seed().story(ownerId, { title: 'The orchard', content: 'Apples everywhere.' });
    const edited = await owner.request('PATCH', `/api/stories/${story.id}`, { content: 'Plums, cherries and a wasp nest.' });
    expect(edited.status).toBe(200);
    expect(idsOf(await search(owner, 'cherries'))).toContain(story.id);
    expect(idsOf(await search(owner, 'apples'))).not.toContain(story.id);
  });

  it('pages with a cursor and a bounded limit', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await seed().story(ownerId, { title: `Tram ride ${i}`, content: 'The tram rattled.' })).id);
    const first = await search(owner, 'tram', '&limit=2');
    expect(first.results).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await search(owner, 'tram', `&limit=2&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    expect([...idsOf(first), ...idsOf(second)].sort()).toEqual(made.sort());
    expect((await owner.get('/api/search?q=tram&limit=51')).status).toBe(400);
  });
});

describe('deletion', () => {
  it('removes the documents with their story, recording or account, without failing the delete', async () => {
    const { client, id } = await signedUpClient(server.url, 'leaving@example.com');
    const story = await seed().story(id, { title: 'Harvest', content: 'Potatoes.' });
    const recording = await seed().recording(id, { storyId: story.id, transcription: 'The tractor broke down.' });
    expect(idsOf(await search(client, 'tractor'))).toEqual([story.id]);
    await server.database.db.delete(recordings).where(eq(recordings.id, recording.id));
    expect(idsOf(await search(client, 'tractor'))).toEqual([]);
    expect(idsOf(await search(client, 'potatoes'))).toEqual([story.id]);

    await seed().recording(id, { storyId: story.id, transcription: 'The tractor again.' });
    const other = await seed().story(id, { title: 'Rye' });
    await seed().recording(id, { storyId: other.id, transcription: 'Threshing.' });
    await server.database.db.delete(stories).where(eq(stories.id, other.id));
    await server.database.db.delete(users).where(eq(users.id, id));
    expect(await server.database.db.select().from(storySearchDocuments).where(eq(storySearchDocuments.userId, id))).toEqual([]);
  });
});

describe('scoping and validation', () => {
  it("never finds another user's stories", async () => {
    const theirs = await seed().story(strangerId, { title: 'Zeppelin', content: 'A zeppelin over the town.' });
    await seed().recording(strangerId, { storyId: theirs.id, transcription: 'zeppelin zeppelin' });
    expect(idsOf(await search(owner, 'zeppelin'))).toEqual([]);
    expect(idsOf(await search(stranger, 'zeppelin'))).toEqual([theirs.id]);
  });

  it('answers 401 signed out and 400 for an empty or too long query', async () => {
    const signedOut = await fetch(`${server.url}/api/search?q=lake`);
    expect(signedOut.status).toBe(401);
    for (const q of ['', '   ', 'a'.repeat(201)]) {
      const response = await owner.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation', field: 'q' });
    }
    expect((await owner.get('/api/search')).status).toBe(400);
  });

  it('keeps the markers out of the text: a story holding them cannot fake a highlight', async () => {
    const story = await seed().story(ownerId, { title: 'Markers', content: `plain ${HIGHLIGHT_START}fake${HIGHLIGHT_END} words about a gramophone` });
    const hit = (await search(owner, 'gramophone')).results.find((r) => r.storyId === story.id)!;
    expect(marked(hit.snippet)).toEqual(['gramophone']);
  });
});
