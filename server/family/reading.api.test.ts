import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyScope } from '../../contract/family.ts';
import type { FamilyChapterView, FamilyLibraryItem, FamilyPeopleView, FamilyStoryView } from '../../contract/family-reading.ts';
import { nextPageUrl } from '../../contract/pagination.ts';
import { familyReader } from '../../test/support/family.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { familyMembers, recordingPeople, recordingPlaces, stories } from '../db/schema.ts';

// What a family reader reads (issue 28): the reader-scope lists and the owner's read routes
// open to readers, against the real server and database. The circle is seeded directly
// (a member that joined, and its device sign-in with a signed cookie, as signInReader makes).
let server: TestApp;
let seed: ReturnType<typeof seeder>;
let accounts = 0;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  seed = seeder(server.database.db, server.store);
});
afterAll(() => server?.close());

const db = () => server.database.db;
const shared = { sharedWithFamilyAt: new Date('2026-06-01T00:00:00Z') };

async function newOwner() {
  return signedUpClient(server.url, `teller-${++accounts}@example.com`);
}

/** A relative who joined `ownerId`'s circle, reading on a device of their own (or in `client`, e.g. a signed-in one). */
async function joinedReader(ownerId: string, scope: FamilyScope, client?: HttpClient) {
  const { client: reader, memberId } = await familyReader(server, ownerId, { scope, client });
  return { client: reader, member: { id: memberId } };
}

/** An archive with every case of sharing: shared, "only me", not yet shared, in a chapter, and a photo and a recording of each. */
async function archive(ownerId: string) {
  const childhood = await seed.chapter(ownerId, 'Childhood', { orderIndex: 1 });
  const work = await seed.chapter(ownerId, 'Work', { orderIndex: 0 });
  const hidden = await seed.chapter(ownerId, 'Hidden');
  const lake = await seed.story(ownerId, { title: 'The lake', content: 'We rowed across the lake every morning.', ...shared, createdAt: new Date('2026-01-03') });
  const school = await seed.story(ownerId, { title: 'First school', chapterId: childhood.id, year: 1950, temporalType: 'year', ...shared, createdAt: new Date('2026-01-02') });
  const factory = await seed.story(ownerId, { title: 'The factory', chapterId: work.id, ...shared, createdAt: new Date('2026-01-01') });
  const secret = await seed.story(ownerId, { title: 'Only mine', chapterId: childhood.id, onlyMe: true, ...shared });
  const unfinished = await seed.story(ownerId, { title: 'Not yet shared', chapterId: hidden.id, sharedWithFamilyAt: null });
  const recording = (storyId: number, fields = {}) => seed.recording(ownerId, { storyId, ...fields });
  const lakeVoice = await recording(lake.id);
  const secretVoice = await recording(secret.id);
  const unfinishedVoice = await recording(unfinished.id);
  const anna = await seed.person(ownerId, 'Anna', 'sister');
  const erkki = await seed.person(ownerId, 'Erkki');
  const tampere = await seed.place(ownerId, 'Tampere');
  await db().insert(recordingPeople).values([
    { recordingId: lakeVoice.id, personId: anna.id },
    { recordingId: secretVoice.id, personId: erkki.id },
  ]);
  await db().insert(recordingPlaces).values({ recordingId: lakeVoice.id, placeId: tampere.id });
  const lakePhoto = await seed.photo(ownerId, { storyId: lake.id, caption: 'The boat' });
  const secretPhoto = await seed.photo(ownerId, { storyId: secret.id });
  return { childhood, work, hidden, lake, school, factory, secret, unfinished, lakeVoice, secretVoice, unfinishedVoice, anna, erkki, tampere, lakePhoto, secretPhoto };
}

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const titles = (items: { title: string }[]) => items.map((item) => item.title);

describe('a reader of the whole archive', () => {
  it('lists exactly the shared stories, newest first, never "only me" or not yet shared ones', async () => {
    const { id: ownerId } = await newOwner();
    const a = await archive(ownerId);
    const { client } = await joinedReader(ownerId, { all: true });
    const items = await json<FamilyLibraryItem[]>(await client.get('/api/family/library'));
    expect(titles(items)).toEqual(['The lake', 'First school', 'The factory']);
    const lake = items[0]!;
    expect(lake).toMatchObject({ id: a.lake.id, excerpt: 'We rowed across the lake every morning.', chapter: null, people: ['Anna'], places: ['Tampere'], coverThumbUrl: `/api/photos/${a.lakePhoto.id}?size=thumb` });
    expect(items[1]).toMatchObject({ chapter: { id: a.childhood.id, title: 'Childhood' }, year: 1950, timelineYear: 1950 });

    for (const story of [a.secret, a.unfinished]) expect((await client.get(`/api/stories/${story.id}`)).status).toBe(404);
  });

  it('gets its chapters in the owner order, and only the people and places of shared stories', async () => {
    const { id: ownerId } = await newOwner();
    const a = await archive(ownerId);
    const { client } = await joinedReader(ownerId, { all: true });
    const chapters = await json<FamilyChapterView[]>(await client.get('/api/family/chapters'));
    expect(chapters).toEqual([
      { id: a.work.id, title: 'Work', description: null, storyCount: 1 },
      { id: a.childhood.id, title: 'Childhood', description: null, storyCount: 1 },
    ]);
    const named = await json<FamilyPeopleView>(await client.get('/api/family/people'));
    expect(named).toEqual({ people: [{ id: a.anna.id, name: 'Anna', relationship: 'sister' }], places: [{ id: a.tampere.id, name: 'Tampere' }] });
  });

  it('reads a story in the reading shape only: no settings, transcripts, follow-ups or AI details', async () => {
    const { client: owner, id: ownerId } = await newOwner();
    const a = await archive(ownerId);
    await seed.followUpQuestion(ownerId, a.lake.id, 'Who rowed?');
    await seed.coAuthorToken(ownerId, a.lake.id);
    const { client, member } = await joinedReader(ownerId, { all: true });
    // Another reader's voice reply is a response, not the story's own recording.
    await seed.recording(ownerId, { storyId: a.lake.id, familyMemberId: member.id, contributorName: 'Aino' });
    const cousin = await seed.recording(ownerId, { storyId: a.lake.id, contributorName: 'Cousin Ville', duration: 3 });
    // The owner's own read is kept in the owner read cache: the reader must not be answered from it.
    expect((await owner.get(`/api/stories/${a.lake.id}`)).status).toBe(200);

    const story = await json<FamilyStoryView>(await client.get(`/api/stories/${a.lake.id}`));
    expect(Object.keys(story).sort()).toEqual(
      ['reading', 'id', 'title', 'tellerName', 'content', 'language', 'temporalType', 'specificDate', 'month', 'year', 'endYear', 'timelineYear', 'chapter', 'people', 'places', 'photos', 'recordings', 'sharedAt'].sort(),
    );
    expect(story).toMatchObject({ reading: true, title: 'The lake', tellerName: 'Aino', content: 'We rowed across the lake every morning.', people: ['Anna'], places: ['Tampere'] });
    expect(story.photos).toEqual([
      { id: a.lakePhoto.id, caption: 'The boat', width: 320, height: 240, takenOn: null, urls: { thumb: `/api/photos/${a.lakePhoto.id}?size=thumb`, display: `/api/photos/${a.lakePhoto.id}?size=display` } },
    ]);
    expect(story.recordings).toEqual([
      { id: a.lakeVoice.id, audioUrl: `/api/recordings/${a.lakeVoice.id}/audio`, duration: 12.5, contributorName: null },
      { id: cousin.id, audioUrl: `/api/recordings/${cousin.id}/audio`, duration: 3, contributorName: 'Cousin Ville' },
    ]);
    expect(JSON.stringify(story)).not.toMatch(/rowed across the lake every morning before breakfast|Who rowed|pointOfView|processingStatus|metadata/);
    // The owner still gets their own shape.
    expect(await json<Record<string, unknown>>(await owner.get(`/api/stories/${a.lake.id}`))).toHaveProperty('pointOfView');
  });

  it('plays the recordings of shared stories with byte ranges, and gets photo copies but never an original', async () => {
    const { id: ownerId } = await newOwner();
    const a = await archive(ownerId);
    const { client } = await joinedReader(ownerId, { all: true });
    const whole = await client.get(`/api/recordings/${a.lakeVoice.id}/audio`);
    expect(whole.status).toBe(200);
    expect(await whole.text()).toBe('not really audio, only bytes to serve');
    const piece = await client.get(`/api/recordings/${a.lakeVoice.id}/audio`, { range: 'bytes=4-9' });
    expect(piece.status).toBe(206);
    expect(piece.headers.get('content-range')).toBe('bytes 4-9/37');
    expect(await piece.text()).toBe('really');

    for (const size of ['thumb', 'display']) {
      const copy = await client.get(`/api/photos/${a.lakePhoto.id}?size=${size}`);
      expect(copy.status).toBe(200);
      expect(await copy.text()).toBe(`not really a ${size} photo`);
    }
    expect((await client.get(`/api/photos/${a.lakePhoto.id}?size=original`)).status).toBe(404);
    // Nothing of a story that is not shared.
    for (const path of [`/api/recordings/${a.secretVoice.id}/audio`, `/api/recordings/${a.unfinishedVoice.id}/audio`, `/api/photos/${a.secretPhoto.id}?size=thumb`]) {
      expect((await client.get(path)).status, path).toBe(404);
    }
    // The owner's other reads stay the owner's.
    for (const path of [`/api/stories/${a.lake.id}/with-recordings`, `/api/recordings/${a.lakeVoice.id}`, `/api/stories/${a.lake.id}/photos`, `/api/people/${a.anna.id}`]) {
      expect((await client.get(path)).status, path).toBe(401);
    }
  });

  it('pages its library like the owner library, the pages joining with no gaps or repeats', async () => {
    const { id: ownerId } = await newOwner();
    for (let n = 0; n < 5; n++) await seed.story(ownerId, { title: `Story ${n}`, ...shared, createdAt: new Date(Date.UTC(2026, 0, 1 + n)) });
    await seed.story(ownerId, { title: 'Not shared', sharedWithFamilyAt: null, createdAt: new Date(Date.UTC(2026, 0, 3, 12)) });
    const { client } = await joinedReader(ownerId, { all: true });
    const pages: string[][] = [];
    let next: string | null = '/api/family/library?limit=2';
    while (next) {
      const response = await client.get(next);
      pages.push(titles(await json<FamilyLibraryItem[]>(response)));
      next = nextPageUrl(response.headers.get('link'));
      if (pages.length > 5) throw new Error('the cursor does not move on');
    }
    expect(pages).toEqual([['Story 4', 'Story 3'], ['Story 2', 'Story 1'], ['Story 0']]);
  });
});

describe('a reader of chosen chapters', () => {
  it('reads the shared stories of those chapters only', async () => {
    const { id: ownerId } = await newOwner();
    const a = await archive(ownerId);
    const { client } = await joinedReader(ownerId, { chapterIds: [a.childhood.id, a.hidden.id] });
    expect(titles(await json<FamilyLibraryItem[]>(await client.get('/api/family/library')))).toEqual(['First school']);
    expect((await json<FamilyChapterView[]>(await client.get('/api/family/chapters'))).map((c) => c.id)).toEqual([a.childhood.id]);
    expect(await json<FamilyPeopleView>(await client.get('/api/family/people'))).toEqual({ people: [], places: [] });
    expect((await client.get(`/api/stories/${a.school.id}`)).status).toBe(200);
    for (const story of [a.lake, a.factory, a.secret, a.unfinished]) expect((await client.get(`/api/stories/${story.id}`)).status, story.title).toBe(404);
    expect((await client.get(`/api/recordings/${a.lakeVoice.id}/audio`)).status).toBe(404);
    expect((await client.get(`/api/photos/${a.lakePhoto.id}?size=thumb`)).status).toBe(404);
  });
});

describe('a reader of another family', () => {
  it('gets 404 on every id of this family, and on its circle', async () => {
    const { id: ownerId } = await newOwner();
    const a = await archive(ownerId);
    const { id: otherOwnerId } = await newOwner();
    const { member } = await joinedReader(ownerId, { all: true });
    const { client } = await joinedReader(otherOwnerId, { all: true });
    for (const path of [
      `/api/stories/${a.lake.id}`,
      `/api/recordings/${a.lakeVoice.id}/audio`,
      `/api/photos/${a.lakePhoto.id}?size=thumb`,
      `/api/family/library?circle=${member.id}`,
      `/api/family/chapters?circle=${member.id}`,
      `/api/family/people?circle=${member.id}`,
    ]) {
      expect((await client.get(path)).status, path).toBe(404);
    }
    expect(await json<FamilyLibraryItem[]>(await client.get('/api/family/library'))).toEqual([]);
  });
});

describe('a removed reader', () => {
  it('gets 401 on the next request, on every read', async () => {
    const { id: ownerId } = await newOwner();
    const a = await archive(ownerId);
    const { client, member } = await joinedReader(ownerId, { all: true });
    expect((await client.get('/api/family/library')).status).toBe(200);
    expect((await client.get(`/api/stories/${a.lake.id}`)).status).toBe(200);
    await db().delete(familyMembers).where(eq(familyMembers.id, member.id));
    for (const path of ['/api/family/library', '/api/family/chapters', '/api/family/people', `/api/stories/${a.lake.id}`, `/api/recordings/${a.lakeVoice.id}/audio`, `/api/photos/${a.lakePhoto.id}?size=thumb`]) {
      const response = await client.get(path);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
    }
  });

  it('is refused before its query is even read', async () => {
    const response = await new HttpClient(server.url).get('/api/family/library?limit=nonsense');
    expect(response.status).toBe(401);
  });
});

describe('the owner read cache', () => {
  it('never keeps a signed-in reader answer: a story made "only me" is gone at the next read', async () => {
    const { id: ownerId } = await newOwner();
    const a = await archive(ownerId);
    // A relative who has an account of their own, reading the circle with it and the device sign-in.
    const account = await signedUpClient(server.url, `relative-${++accounts}@example.com`);
    const { client, member } = await joinedReader(ownerId, { all: true }, account.client);
    await db().update(familyMembers).set({ readerUserId: account.id }).where(eq(familyMembers.id, member.id));
    expect((await json<FamilyStoryView>(await client.get(`/api/stories/${a.lake.id}`))).reading).toBe(true);
    // Changed straight in the database: the owner's cache would hear of it, a kept reader answer would not be dropped by it.
    await db().update(stories).set({ onlyMe: true }).where(eq(stories.id, a.lake.id));
    expect((await client.get(`/api/stories/${a.lake.id}`)).status).toBe(404);
  });
});
