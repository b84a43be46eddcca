import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterSchema } from '../../contract/chapters.ts';
import { storySummarySchema } from '../../contract/library.ts';
import { type HttpClient, ownerAndStranger, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { chapters, stories } from '../db/schema.ts';

// Chapters (spec 7.8): list, create, update, delete, a chapter's stories; and putting a story in one (7.4).
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

const db = () => server.database.db;
const seed = () => seeder(db());
const chapterRow = async (id: number) => (await db().select().from(chapters).where(eq(chapters.id, id)))[0];
const storyRow = async (id: number) => (await db().select().from(stories).where(eq(stories.id, id)))[0];
const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

async function json(response: Response, status: number) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? JSON.parse(text) : undefined;
}

/** A user of their own, so one test's chapters never show in another's lists. */
async function freshUser(name: string) {
  return signedUpClient(server.url, `${name}-${Math.random().toString(36).slice(2)}@example.com`);
}

describe('POST /api/chapters', () => {
  it('creates a chapter with a trimmed title, ignores the userId in the body, and puts each new one last', async () => {
    const { client, id } = await freshUser('creator');
    const first = await json(
      await client.request('POST', '/api/chapters', {
        userId: strangerId,
        title: '  Early years ',
        description: ' Where it began ',
        language: 'fi',
      }),
      201,
    );
    chapterSchema.strict().parse(first);
    expect(first).toMatchObject({
      title: 'Early years',
      description: 'Where it began',
      language: 'fi',
      userId: id,
      orderIndex: 0,
      storyCount: 0,
      readingMinutes: 0,
    });
    expect((await chapterRow(first.id)).userId).toBe(id);

    const second = await json(await client.request('POST', '/api/chapters', { title: 'Career', description: '   ' }), 201);
    expect(second).toMatchObject({ orderIndex: 1, description: null, language: 'en' });
    const third = await json(await client.request('POST', '/api/chapters', { title: 'Travel', orderIndex: 7 }), 201);
    expect(third.orderIndex).toBe(7);
    expect((await json(await client.request('POST', '/api/chapters', { title: 'Hobbies' }), 201)).orderIndex).toBe(8);
    expect(await json(await client.request('POST', '/api/chapters', { title: 'Lessons', orderIndex: null, language: null }), 201)).toMatchObject({
      orderIndex: 9,
      language: 'en',
    });
  });

  it("gives a chapter sent without a language the user's own", async () => {
    const { client } = await freshUser('finn');
    await client.put('/api/auth/language-preference', { language: 'fi' });
    expect((await json(await client.request('POST', '/api/chapters', { title: 'Lapsuus' }), 201)).language).toBe('fi');
  });

  it('refuses a blank, missing or too long title, a bad order or language, naming the field, and stores nothing', async () => {
    const { client, id } = await freshUser('refused');
    const cases: [unknown, string][] = [
      [{ title: '   ' }, 'title'],
      [{ description: 'No title' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'Ok', orderIndex: -1 }, 'orderIndex'],
      [{ title: 'Ok', orderIndex: 1.5 }, 'orderIndex'],
      [{ title: 'Ok', orderIndex: 'first' }, 'orderIndex'],
      [{ title: 'Ok', language: 'sv' }, 'language'],
      [{ title: 'Ok', description: 'y'.repeat(2001) }, 'description'],
    ];
    for (const [body, field] of cases) {
      const error = await json(await client.request('POST', '/api/chapters', body), 400);
      expect(error, JSON.stringify(body)).toMatchObject({ code: 'validation', field });
    }
    const blank = await json(await client.request('POST', '/api/chapters', { title: ' ' }), 400);
    expect(blank.message).toBe('title: Chapter title cannot be empty');
    expect(await db().select().from(chapters).where(eq(chapters.userId, id))).toEqual([]);
  });
});

describe('GET /api/chapters', () => {
  it("lists the user's chapters by orderIndex with story count and reading time computed from their stories", async () => {
    const { client, id } = await freshUser('reader');
    const later = await seed().chapter(id, 'Later', { orderIndex: 2 });
    const sooner = await seed().chapter(id, 'Sooner', { orderIndex: 1 });
    const empty = await seed().chapter(id, 'Empty', { orderIndex: 2 });
    // 400 words: 2 minutes exactly. Tags are not words (with them it would be 3).
    await seed().story(id, { chapterId: sooner.id, content: `<p> ${words(250)} </p>` });
    await seed().story(id, { chapterId: sooner.id, content: `<b> ${words(150)} </b>` });
    await seed().story(id, { chapterId: later.id, content: 'Only a few words.' });
    await seed().story(id, { chapterId: null, content: words(900) });
    await seed().chapter(strangerId, 'Not mine');

    const list = await json(await client.get('/api/chapters'), 200);
    for (const row of list) chapterSchema.strict().parse(row);
    expect(list.map((c: { title: string }) => c.title)).toEqual(['Sooner', 'Later', 'Empty']);
    expect(list[0]).toMatchObject({ id: sooner.id, storyCount: 2, readingMinutes: 2 });
    expect(list[1]).toMatchObject({ id: later.id, storyCount: 1, readingMinutes: 1 });
    expect(list[2]).toMatchObject({ id: empty.id, storyCount: 0, readingMinutes: 0 });
  });

  it('honours the language filter; a language we do not speak reads as English', async () => {
    const { client, id } = await freshUser('bilingual');
    await seed().chapter(id, 'Lapsuus', { language: 'fi' });
    await seed().chapter(id, 'Childhood', { language: 'en' });
    const titles = async (query: string) => (await json(await client.get(`/api/chapters${query}`), 200)).map((c: { title: string }) => c.title);
    expect(await titles('?language=fi')).toEqual(['Lapsuus']);
    expect(await titles('?language=en')).toEqual(['Childhood']);
    expect(await titles('?language=klingon')).toEqual(['Childhood']);
    expect((await titles('')).sort()).toEqual(['Childhood', 'Lapsuus']);
  });

  it("shows nobody else's chapters", async () => {
    await seed().chapter(ownerId, 'Owner only');
    const list = await json(await stranger.get('/api/chapters'), 200);
    expect(list.some((c: { title: string }) => c.title === 'Owner only')).toBe(false);
  });
});

describe('PATCH /api/chapters/{id}', () => {
  it('changes the fields sent, keeps the others, ignores a userId, and reorders the list', async () => {
    const { client, id } = await freshUser('editor');
    const a = await seed().chapter(id, 'A', { orderIndex: 0, description: 'kept' });
    const b = await seed().chapter(id, 'B', { orderIndex: 1 });
    const updated = await json(await client.request('PATCH', `/api/chapters/${a.id}`, { title: '  Alpha ', userId: strangerId }), 200);
    chapterSchema.strict().parse(updated);
    expect(updated).toMatchObject({ title: 'Alpha', description: 'kept', orderIndex: 0, userId: id });
    expect((await chapterRow(a.id)).userId).toBe(id);

    await json(await client.request('PATCH', `/api/chapters/${a.id}`, { orderIndex: 1 }), 200);
    await json(await client.request('PATCH', `/api/chapters/${b.id}`, { orderIndex: 0, description: '' }), 200);
    const list = await json(await client.get('/api/chapters'), 200);
    expect(list.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    expect(list[0].description).toBeNull();
    expect((await json(await client.request('PATCH', `/api/chapters/${a.id}`, { language: 'fi' }), 200)).language).toBe('fi');
  });

  it('refuses a blank title or bad order and changes nothing', async () => {
    const { client, id } = await freshUser('blank-edit');
    const chapter = await seed().chapter(id, 'Keep me');
    const before = await chapterRow(chapter.id);
    expect((await json(await client.request('PATCH', `/api/chapters/${chapter.id}`, { title: '  ' }), 400)).field).toBe('title');
    expect((await json(await client.request('PATCH', `/api/chapters/${chapter.id}`, { orderIndex: -3 }), 400)).field).toBe('orderIndex');
    expect((await json(await client.request('PATCH', `/api/chapters/${chapter.id}`, { title: null }), 400)).field).toBe('title');
    expect(await chapterRow(chapter.id)).toEqual(before);
  });
});

describe('DELETE /api/chapters/{id}', () => {
  it('deletes the chapter; its stories stay, unassigned', async () => {
    const { client, id } = await freshUser('deleter');
    const chapter = await seed().chapter(id, 'Going');
    const story = await seed().story(id, { chapterId: chapter.id, chapterOrder: 3 });
    const response = await client.request('DELETE', `/api/chapters/${chapter.id}`);
    expect(response.status).toBe(204);
    expect(await chapterRow(chapter.id)).toBeUndefined();
    expect(await storyRow(story.id)).toMatchObject({ id: story.id, chapterId: null, chapterOrder: null });
    const unassigned = await json(await client.get('/api/stories/unassigned?language=en'), 200);
    expect(unassigned.map((s: { id: number }) => s.id)).toEqual([story.id]);
    expect((await client.get(`/api/chapters/${chapter.id}`)).status).toBe(404);
  });
});

describe('GET /api/chapters/{id}/stories', () => {
  it("lists the chapter's stories as library rows, by their place in the chapter, then the older first", async () => {
    const { client, id } = await freshUser('chapter-reader');
    const chapter = await seed().chapter(id, 'Summers');
    const other = await seed().chapter(id, 'Winters');
    const oldest = await seed().story(id, { chapterId: chapter.id, title: 'Oldest', createdAt: new Date('2020-01-01') });
    const newest = await seed().story(id, { chapterId: chapter.id, title: 'Newest', createdAt: new Date('2024-01-01') });
    const placedFirst = await seed().story(id, { chapterId: chapter.id, title: 'Placed', chapterOrder: 0, createdAt: new Date('2023-01-01') });
    await seed().story(id, { chapterId: other.id, title: 'Elsewhere' });
    await seed().story(id, { chapterId: null, title: 'Nowhere' });

    const list = await json(await client.get(`/api/chapters/${chapter.id}/stories`), 200);
    for (const row of list) storySummarySchema.strict().parse(row);
    expect(list.map((s: { id: number }) => s.id)).toEqual([placedFirst.id, oldest.id, newest.id]);
    expect(list[0]).toMatchObject({ chapterId: chapter.id, readingMinutes: 1, recordingCount: 0 });
    expect(await json(await client.get(`/api/chapters/${(await seed().chapter(id, 'Bare')).id}/stories`), 200)).toEqual([]);
  });
});

describe("another user's chapter", () => {
  it('is a 404 on read, stories, update and delete, and nothing changes', async () => {
    const chapter = await seed().chapter(ownerId, 'Private', { description: 'mine' });
    const story = await seed().story(ownerId, { chapterId: chapter.id });
    const before = { chapter: await chapterRow(chapter.id), story: await storyRow(story.id) };
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/chapters/${chapter.id}`],
      ['GET', `/api/chapters/${chapter.id}/stories`],
      ['PATCH', `/api/chapters/${chapter.id}`, { title: 'Taken', userId: strangerId }],
      ['PATCH', `/api/chapters/${chapter.id}`, { title: '' }],
      ['DELETE', `/api/chapters/${chapter.id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await stranger.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({ code: 'not_found', message: 'Chapter not found' });
    }
    expect({ chapter: await chapterRow(chapter.id), story: await storyRow(story.id) }).toEqual(before);
  });
});

describe('PATCH /api/stories/{id}/chapter', () => {
  it('puts a story in a chapter and takes it out; the counts and the unassigned list follow at once', async () => {
    const { client, id } = await freshUser('assigner');
    const chapter = await seed().chapter(id, 'Family');
    const story = await seed().story(id, { content: words(250) });
    const moved = await json(await client.request('PATCH', `/api/stories/${story.id}/chapter`, { chapterId: chapter.id, userId: strangerId }), 200);
    expect(moved.chapterId).toBe(chapter.id);
    expect((await json(await client.get(`/api/chapters/${chapter.id}`), 200))).toMatchObject({ storyCount: 1, readingMinutes: 2 });
    expect(await json(await client.get('/api/stories/unassigned'), 200)).toEqual([]);
    expect((await json(await client.get(`/api/chapters/${chapter.id}/stories`), 200)).map((s: { id: number }) => s.id)).toEqual([story.id]);

    await json(await client.request('PATCH', `/api/stories/${story.id}/chapter`, { chapterId: null }), 200);
    expect((await storyRow(story.id)).chapterId).toBeNull();
    expect((await json(await client.get(`/api/chapters/${chapter.id}`), 200)).storyCount).toBe(0);
  });

  it("refuses another user's chapter with 404 and leaves the story where it was", async () => {
    const { client, id } = await freshUser('sneaky');
    const mine = await seed().chapter(id, 'Mine');
    const story = await seed().story(id, { chapterId: mine.id });
    const theirs = await seed().chapter(ownerId, 'Theirs');
    const response = await client.request('PATCH', `/api/stories/${story.id}/chapter`, { chapterId: theirs.id });
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('not_found');
    expect((await storyRow(story.id)).chapterId).toBe(mine.id);
    expect((await json(await owner.get(`/api/chapters/${theirs.id}`), 200)).storyCount).toBe(0);
  });

  it("refuses a chapter id that is not a positive whole number, and another user's story", async () => {
    const { client, id } = await freshUser('typo');
    const story = await seed().story(id);
    for (const chapterId of ['1', 0, -2, 1.5]) {
      expect((await json(await client.request('PATCH', `/api/stories/${story.id}/chapter`, { chapterId }), 400)).field).toBe('chapterId');
    }
    const chapter = await seed().chapter(id, 'Mine');
    expect((await stranger.request('PATCH', `/api/stories/${story.id}/chapter`, { chapterId: chapter.id })).status).toBe(404);
    expect((await storyRow(story.id)).chapterId).toBeNull();
  });
});
