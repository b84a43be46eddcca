import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingSummarySchema, recordingWithLinksSchema } from '../../contract/library.ts';
import { type HttpClient, ownerAndStranger, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { recordingPeople, recordings, stories } from '../db/schema.ts';

let server: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let ownerId: string;
let strangerId: string;
let seed: ReturnType<typeof seeder>;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  seed = seeder(server.database.db, server.store);
  ({ owner, ownerId, stranger, strangerId } = await ownerAndStranger(server.url));
});
afterAll(() => server?.close());

describe('GET /api/recordings', () => {
  it('lists the user\'s recordings newest first as cards: first 15 words, word count, links', async () => {
    const anna = await seed.person(ownerId, 'Anna');
    const older = await seed.recording(ownerId, { createdAt: new Date('2024-01-01'), transcription: null });
    const newer = await seed.recording(ownerId, {
      transcription: 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen',
      contributorName: 'Cousin Eero',
    });
    await server.database.db.insert(recordingPeople).values({ recordingId: newer.id, personId: anna.id });
    await seed.recording(strangerId);

    const list = recordingSummarySchema.array().parse(await (await owner.get('/api/recordings')).json());
    expect(list.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({
      preview: 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen…',
      wordCount: 17,
      contributorName: 'Cousin Eero',
      people: [{ id: anna.id, name: 'Anna', relationship: null }],
    });
    expect(list[1]).toMatchObject({ preview: null, wordCount: 0 });
    expect(list[0]).not.toHaveProperty('transcription');
  });

  it('lists only the recordings in no story when asked for the unassigned ones', async () => {
    const story = await seed.story(ownerId, { title: 'The lake' });
    const inStory = await seed.recording(ownerId, { storyId: story.id });
    const kept = await seed.recording(ownerId, { storyId: null });
    const ids = async (path: string) => recordingSummarySchema.array().parse(await (await owner.get(path)).json()).map((r) => r.id);
    expect(await ids('/api/recordings?unassigned=true')).toContain(kept.id);
    expect(await ids('/api/recordings?unassigned=true')).not.toContain(inStory.id);
    expect(await ids('/api/recordings')).toEqual(expect.arrayContaining([kept.id, inStory.id]));
  });
});

describe('linking a recording', () => {
  it('reads the recording with its people, places, story and answered question', async () => {
    const story = await seed.story(ownerId, { title: 'The lake' });
    const recording = await seed.recording(ownerId, { storyId: story.id, promptQuestion: 'Where did you spend summers?', questionId: 'childhood-2' });
    const body = recordingWithLinksSchema.parse(await (await owner.get(`/api/recordings/${recording.id}/with-people-places`)).json());
    expect(body).toMatchObject({
      story: { id: story.id, title: 'The lake' },
      linkedQuestion: { question: 'Where did you spend summers?', questionId: 'childhood-2' },
      people: [],
      places: [],
      wordCount: 9,
    });
  });

  it('moves a recording to another story, marking that story as having new recordings, or to none', async () => {
    const from = await seed.story(ownerId);
    const to = await seed.story(ownerId);
    await seed.recording(ownerId, { storyId: to.id, orderIndex: 0 });
    const recording = await seed.recording(ownerId, { storyId: from.id });

    const moved = await (await owner.request('PATCH', `/api/recordings/${recording.id}/story`, { storyId: to.id })).json();
    expect(moved).toMatchObject({ storyId: to.id, orderIndex: 1, story: { id: to.id } });
    expect((await (await owner.get(`/api/stories/${to.id}`)).json()).hasNewRecordings).toBe(true);

    const unlinked = await (await owner.request('PATCH', `/api/recordings/${recording.id}/story`, { storyId: null })).json();
    expect(unlinked).toMatchObject({ storyId: null, story: null });
  });

  it('leaves a story that is being written unmarked: the recording joins the writing', async () => {
    const writing = await seed.story(ownerId, { processingStatus: 'processing', generatedAt: null });
    await seed.recording(ownerId, { storyId: writing.id, orderIndex: 0 });
    const recording = await seed.recording(ownerId);

    const moved = await (await owner.request('PATCH', `/api/recordings/${recording.id}/story`, { storyId: writing.id })).json();
    expect(moved).toMatchObject({ storyId: writing.id, orderIndex: 1 });
    const [story] = await server.database.db.select().from(stories).where(eq(stories.id, writing.id));
    expect(story).toMatchObject({ processingStatus: 'processing', hasNewRecordings: false });
  });

  it('sets people and places, replacing the old ones', async () => {
    const recording = await seed.recording(ownerId);
    const anna = await seed.person(ownerId, 'Anna');
    const eero = await seed.person(ownerId, 'Eero');
    const tampere = await seed.place(ownerId, 'Tampere', 'city');
    await owner.request('PATCH', `/api/recordings/${recording.id}/people`, { peopleIds: [anna.id, eero.id] });
    const people = await (await owner.request('PATCH', `/api/recordings/${recording.id}/people`, { peopleIds: [eero.id] })).json();
    expect(people.people.map((p: { name: string }) => p.name)).toEqual(['Eero']);
    const places = await (await owner.request('PATCH', `/api/recordings/${recording.id}/places`, { placeIds: [tampere.id] })).json();
    expect(places.places).toEqual([{ id: tampere.id, name: 'Tampere', type: 'city' }]);
  });

  it('sets and clears the recording\'s time, validated like the story\'s', async () => {
    const recording = await seed.recording(ownerId);
    const path = `/api/recordings/${recording.id}/temporal-context`;
    expect(await (await owner.request('PATCH', path, { temporalType: 'year', year: 1972 })).json()).toMatchObject({ temporalType: 'year', year: 1972 });
    expect((await owner.request('PATCH', path, { temporalType: 'year_span', year: 1980, endYear: 1970 })).status).toBe(400);
    const cleared = await (await owner.request('PATCH', path, { temporalType: null, specificDate: null, month: null, year: null, endYear: null })).json();
    expect(cleared).toMatchObject({ temporalType: null, year: null });
  });

  it('never links another user\'s story, person or place, and changes nothing then', async () => {
    const recording = await seed.recording(ownerId);
    const theirStory = await seed.story(strangerId);
    const theirPerson = await seed.person(strangerId, 'Mallory');
    const mine = await seed.person(ownerId, 'Anna');
    await owner.request('PATCH', `/api/recordings/${recording.id}/people`, { peopleIds: [mine.id] });
    expect((await owner.request('PATCH', `/api/recordings/${recording.id}/story`, { storyId: theirStory.id })).status).toBe(404);
    expect((await owner.request('PATCH', `/api/recordings/${recording.id}/people`, { peopleIds: [mine.id, theirPerson.id] })).status).toBe(404);
    const links = await server.database.db.select().from(recordingPeople).where(eq(recordingPeople.recordingId, recording.id));
    expect(links.map((l) => l.personId)).toEqual([mine.id]);
    const [row] = await server.database.db.select().from(recordings).where(eq(recordings.id, recording.id));
    expect(row.storyId).toBeNull();
  });
});

describe('GET /api/people and /api/places', () => {
  it('list the user\'s own, with mentions counted from linked recordings', async () => {
    const fresh = await startTestApp();
    try {
      const { client, id: userId } = await signedUpClient(fresh.url, 'p@example.com');
      const s = seeder(fresh.database.db);
      const anna = await s.person(userId, 'Anna', 'sister');
      await s.person(userId, 'Bertta');
      const recording = await s.recording(userId);
      await fresh.database.db.insert(recordingPeople).values({ recordingId: recording.id, personId: anna.id });
      const list = await (await client.get('/api/people?language=fi')).json();
      expect(list.map((p: { name: string; mentionCount: number }) => [p.name, p.mentionCount])).toEqual([
        ['Anna', 1],
        ['Bertta', 0],
      ]);
      expect(list[0].lastMentioned).toBe(recording.createdAt.toISOString());
      expect(await (await client.get('/api/places')).json()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
