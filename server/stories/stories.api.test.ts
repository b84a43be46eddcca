import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storySummarySchema, storyWithRecordingsSchema, timelineYearSchema } from '../../contract/library.ts';
import { type HttpClient, ownerAndStranger, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { recordings, stories } from '../db/schema.ts';
import { presentStory } from './presenter.ts';

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

const json = async (response: Response) => ({ status: response.status, body: await response.json() });

describe('GET /api/stories and /api/stories/unassigned', () => {
  it('lists the user\'s stories newest first, with excerpt, reading time and recording count but no full text', async () => {
    const chapter = await seed.chapter(ownerId, 'Early years');
    const older = await seed.story(ownerId, { title: 'Older', createdAt: new Date('2020-01-01'), content: 'word '.repeat(450) });
    const newer = await seed.story(ownerId, { title: 'Newer', chapterId: chapter.id });
    await seed.recording(ownerId, { storyId: older.id });
    await seed.recording(ownerId, { storyId: older.id });
    await seed.story(strangerId, { title: 'Not yours' });

    const { status, body } = await json(await owner.get('/api/stories?language=fi'));
    expect(status).toBe(200);
    const list = storySummarySchema.array().parse(body);
    expect(list.map((s) => s.title)).toEqual(['Newer', 'Older']);
    expect(list[1]).toMatchObject({ readingMinutes: 3, recordingCount: 2 });
    expect(list[1].excerpt.length).toBeLessThanOrEqual(201);
    expect(body[0]).not.toHaveProperty('content');

    const unassigned = await (await owner.get('/api/stories/unassigned?language=en')).json();
    // The newer story is in a chapter: only the older one is unassigned.
    expect(unassigned.map((s: { id: number }) => s.id)).toEqual([older.id]);
    expect(list.find((s) => s.id === newer.id)?.chapterId).toBe(chapter.id);
  });
});

describe('GET /api/stories/{id}/with-recordings', () => {
  it('returns the story and its recordings in order, with their people and places', async () => {
    const story = await seed.story(ownerId);
    const second = await seed.recording(ownerId, { storyId: story.id, orderIndex: 1 });
    const first = await seed.recording(ownerId, { storyId: story.id, orderIndex: 0 });
    const anna = await seed.person(ownerId, 'Anna', 'sister');
    await owner.request('PATCH', `/api/recordings/${first.id}/people`, { peopleIds: [anna.id] });

    const body = storyWithRecordingsSchema.parse(await (await owner.get(`/api/stories/${story.id}/with-recordings`)).json());
    expect(body.recordings.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(body.recordings[0].people).toEqual([{ id: anna.id, name: 'Anna', relationship: 'sister' }]);
    expect(body.recordings[0].story).toEqual({ id: story.id, title: story.title });
  });
});

describe('PATCH /api/stories/{id}', () => {
  it.each([
    [{ title: 'A new title' }, 'title', 'A new title'],
    [{ content: 'New words.' }, 'content', 'New words.'],
    [{ language: 'fi' }, 'language', 'fi'],
    [{ pointOfView: 'third' }, 'pointOfView', 'third'],
    [{ storyStyle: 'elegant_rhythmic' }, 'storyStyle', 'elegant_rhythmic'],
  ])('changes exactly one field: %o', async (body, field, value) => {
    const story = await seed.story(ownerId);
    expect(story[field as keyof typeof story]).not.toBe(value);
    const { status } = await json(await owner.request('PATCH', `/api/stories/${story.id}`, body));
    expect(status).toBe(200);
    // Read back from the server, not from the answer to the change itself.
    const stored = await (await owner.get(`/api/stories/${story.id}`)).json();
    expect(stored[field]).toBe(value);
    // A title or text typed by hand is marked as such too (hand-edits.api.test.ts).
    const mark = `${field}EditedByHand`;
    if (field === 'title' || field === 'content') expect(stored[mark]).toBe(true);
    const { [field]: _changed, [mark]: _m, updatedAt: _u, ...untouched } = stored;
    const { [field]: _before, [mark]: _mb, updatedAt: _b, ...before } = presentStory(story) as Record<string, unknown>;
    expect(untouched).toEqual(before);
  });

  it('changes the metadata', async () => {
    const story = await seed.story(ownerId);
    const metadata = { people: ['Anna'], locations: ['Tampere'], dates: ['1969'], storyType: 'family' };
    expect((await (await owner.request('PATCH', `/api/stories/${story.id}`, { metadata })).json()).metadata).toEqual(metadata);
  });

  it.each([
    [{ title: 'A', content: 'B' }],
    [{}],
    [{ title: '   ' }],
    [{ pointOfView: 'second' }],
    [{ storyStyle: 'baroque' }],
    [{ processingStatus: 'generated' }],
    [{ userId: 'someone-else' }],
  ])('refuses %o and changes nothing', async (body) => {
    const story = await seed.story(ownerId);
    const response = await owner.request('PATCH', `/api/stories/${story.id}`, body);
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('validation');
    const [after] = await server.database.db.select().from(stories).where(eq(stories.id, story.id));
    expect(after).toEqual(story);
  });
});

describe('PUT /api/stories/{id}/temporal-context', () => {
  it('stores only what the type uses, in either vocabulary', async () => {
    const story = await seed.story(ownerId);
    const put = (body: object) => owner.put(`/api/stories/${story.id}/temporal-context`, body);
    expect(await (await put({ temporalType: 'month_year', month: 6, year: 1975, endYear: 1980 })).json()).toMatchObject({
      temporalType: 'month_year',
      month: 6,
      year: 1975,
      endYear: null,
    });
    expect(await (await put({ temporalType: 'unknown', year: 1975 })).json()).toMatchObject({ temporalType: 'unknown', year: null, month: null });
    expect(await (await put({ temporalType: 'span', year: 1950, endYear: 1955 })).json()).toMatchObject({ temporalType: 'year_span' });
  });

  it.each([
    [{ temporalType: 'month_year', month: 13, year: 1975 }, 'month'],
    [{ temporalType: 'year_span', year: 1990, endYear: 1980 }, 'endYear'],
    [{ temporalType: 'year', year: 1800 }, 'year'],
  ])('refuses %o naming %s', async (body, field) => {
    const story = await seed.story(ownerId);
    const response = await owner.put(`/api/stories/${story.id}/temporal-context`, body);
    expect(response.status).toBe(400);
    expect((await response.json()).field).toBe(field);
  });
});

describe('PATCH /api/stories/{id}/chapter', () => {
  it('moves a story into the user\'s chapter and out again, never into another user\'s', async () => {
    const story = await seed.story(ownerId);
    const mine = await seed.chapter(ownerId, 'Travel');
    const theirs = await seed.chapter(strangerId, 'Secret');
    expect((await (await owner.request('PATCH', `/api/stories/${story.id}/chapter`, { chapterId: mine.id })).json()).chapterId).toBe(mine.id);
    expect((await owner.request('PATCH', `/api/stories/${story.id}/chapter`, { chapterId: theirs.id })).status).toBe(404);
    expect((await (await owner.request('PATCH', `/api/stories/${story.id}/chapter`, { chapterId: null })).json()).chapterId).toBeNull();
  });
});

describe('PATCH /api/stories/{id}/recordings/reorder', () => {
  it('takes exactly the story\'s recordings in a new order', async () => {
    const story = await seed.story(ownerId);
    const a = await seed.recording(ownerId, { storyId: story.id, orderIndex: 0 });
    const b = await seed.recording(ownerId, { storyId: story.id, orderIndex: 1 });
    const c = await seed.recording(ownerId, { storyId: story.id, orderIndex: 2 });
    const reordered = await (await owner.request('PATCH', `/api/stories/${story.id}/recordings/reorder`, { recordingIds: [c.id, a.id, b.id] })).json();
    expect(reordered.recordings.map((r: { id: number }) => r.id)).toEqual([c.id, a.id, b.id]);
  });

  it('refuses missing, extra, repeated or foreign ids and keeps the order', async () => {
    const story = await seed.story(ownerId);
    const a = await seed.recording(ownerId, { storyId: story.id, orderIndex: 0 });
    const b = await seed.recording(ownerId, { storyId: story.id, orderIndex: 1 });
    const elsewhere = await seed.recording(ownerId);
    const foreign = await seed.recording(strangerId);
    for (const recordingIds of [[b.id], [b.id, a.id, elsewhere.id], [b.id, b.id], [b.id, foreign.id]]) {
      const response = await owner.request('PATCH', `/api/stories/${story.id}/recordings/reorder`, { recordingIds });
      expect(response.status, JSON.stringify(recordingIds)).toBe(400);
      expect((await response.json()).field).toBe('recordingIds');
    }
    const rows = await server.database.db.select().from(recordings).where(eq(recordings.storyId, story.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.orderIndex]))).toEqual({ [a.id]: 0, [b.id]: 1 });
  });
});

describe('DELETE /api/stories/{id}', () => {
  it('deletes the story, its recordings, and their audio from storage', async () => {
    const story = await seed.story(ownerId);
    const recording = await seed.recording(ownerId, { storyId: story.id });
    expect(await server.store.size(recording.audioKey)).not.toBeNull();
    expect((await owner.request('DELETE', `/api/stories/${story.id}`)).status).toBe(204);
    expect((await owner.get(`/api/stories/${story.id}`)).status).toBe(404);
    expect((await owner.get(`/api/recordings/${recording.id}`)).status).toBe(404);
    expect(await server.store.size(recording.audioKey)).toBeNull();
  });
});

describe('GET /api/timeline', () => {
  it('groups the user\'s stories by year, newest first', async () => {
    const fresh = await startTestApp();
    try {
      const { client, id: userId } = await signedUpClient(fresh.url, 't@example.com');
      const s = seeder(fresh.database.db);
      await s.story(userId, { title: 'Moon landing', temporalType: 'specific_date', specificDate: '1969-07-20', year: 1969, metadata: { people: [], locations: ['Houston'], dates: [], storyType: 'other' } });
      await s.story(userId, { title: 'No time', createdAt: new Date('2025-05-05T12:00:00Z') });
      const years = timelineYearSchema.array().parse(await (await client.get('/api/timeline?language=en')).json());
      expect(years.map((y) => y.year)).toEqual([2025, 1969]);
      expect(years[0].stories[0]).toMatchObject({ title: 'No time', placedBy: 'created' });
      expect(years[1].stories[0]).toMatchObject({ title: 'Moon landing', placedBy: 'temporal', firstLocation: 'Houston' });
    } finally {
      await fresh.close();
    }
  });
});
