import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AutobiographyDetail, AutobiographySummary } from '../../contract/autobiography.ts';
import { type ChatRequestInfo, type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { type HttpClient, ownerAndStranger } from '../../test/support/http-client.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { autobiographies, autobiographyStories, users } from '../db/schema.ts';

// Every autobiography call of spec 7.8 (and the ones the screens add) against the real
// server, the job writing through the openai adapter to a local server that speaks its API.
const SETTLED = 30_000;

let fake: FakeOpenAi;
let server: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let ownerId: string;
let strangerId: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: fakeOpenAiEngines(fake) });
  ({ owner, ownerId, stranger, strangerId } = await ownerAndStranger(server.url));
  await server.database.db.update(users).set({ authorName: 'Aino Virtanen' }).where(eq(users.id, ownerId));
});
afterEach(() => {
  fake.reset();
  expect(server.backgroundErrors).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const seed = () => seeder(server.database.db);
const db = () => server.database.db;
const chats = () => fake.requestsTo('chat').filter((r) => r.json?.response_format?.json_schema?.name === 'autobiography_chapter');
const userMessage = (request: { json?: { messages: { role: string; content: string }[] } }) => request.json!.messages.find((m) => m.role === 'user')!.content;
const systemMessage = (request: { json?: { messages: { role: string; content: string }[] } }) => request.json!.messages.find((m) => m.role === 'system')!.content;

/** A writer that retells the stories it was given, sentence for sentence (grounded by construction). */
function retelling(request: ChatRequestInfo) {
  const user = request.messages.find((m) => m.role === 'user')!.content;
  // Only the stories: not the end of the chapter before, which comes first under its own label.
  const texts = [...user.matchAll(/(?:Story|Tarina) \d+: [^\n]*:\n"""\n([\s\S]*?)\n"""/g)].map((m) => m[1]);
  return { title: 'A chapter', content: texts.join('\n\n') };
}

async function detail(client: HttpClient, id: number): Promise<AutobiographyDetail> {
  const response = await client.get(`/api/autobiographies/${id}`);
  expect(response.status).toBe(200);
  return response.json();
}
const settled = (id: number) => waitFor(() => detail(owner, id), (book) => book.status !== 'processing', SETTLED);

async function lifeStories() {
  const childhood = await seed().chapter(ownerId, 'Lapsuus', { orderIndex: 0 });
  const work = await seed().chapter(ownerId, 'Työvuodet', { orderIndex: 1 });
  const lake = await seed().story(ownerId, { title: 'Järvellä', content: 'Kesällä 1965 uin Näsijärvessä siskoni Annan kanssa.', chapterId: childhood.id, chapterOrder: 0, year: 1965, temporalType: 'year' });
  const school = await seed().story(ownerId, { title: 'Koulu', content: 'Kävin koulua Tampereella.', chapterId: childhood.id, chapterOrder: 1 });
  const mill = await seed().story(ownerId, { title: 'Tehdas', content: 'Tein töitä paperitehtaalla Valkeakoskella.', chapterId: work.id, chapterOrder: 0 });
  const loose = await seed().story(ownerId, { title: 'Matka', content: 'Matkustin junalla Ouluun.' });
  const notWritten = await seed().story(ownerId, { title: 'Kesken', content: '', processingStatus: 'processing', chapterId: work.id });
  return { childhood, work, lake, school, mill, loose, notWritten };
}

describe('POST /api/autobiography', () => {
  it('writes the book chapter by chapter, each request with only its stories, in the person\'s language and voice', async () => {
    const life = await lifeStories();
    fake.setChatReply(retelling);
    const response = await owner.post('/api/autobiography', {
      chapterIds: [life.work.id, life.childhood.id],
      storyIds: [life.loose.id],
      title: 'Elämäni',
      language: 'fi',
      pointOfView: 'third',
      userId: strangerId,
    });
    expect(response.status).toBe(202);
    const asked: AutobiographyDetail = await response.json();
    expect(asked).toMatchObject({ title: 'Elämäni', status: 'processing', language: 'fi', authorName: 'Aino Virtanen', progress: { chaptersDone: 0, chaptersTotal: 3 } });
    expect(asked.chapters.map((c) => c.title)).toEqual(['Lapsuus', 'Työvuodet', 'Luku 3']);

    const book = await settled(asked.id);
    expect(book.status).toBe('generated');
    expect(book.progress).toEqual({ chaptersDone: 3, chaptersTotal: 3 });
    expect(book.chapters.map((c) => [c.title, c.content])).toEqual([
      ['Lapsuus', 'Kesällä 1965 uin Näsijärvessä siskoni Annan kanssa.\n\nKävin koulua Tampereella.'],
      ['Työvuodet', 'Tein töitä paperitehtaalla Valkeakoskella.'],
      ['A chapter', 'Matkustin junalla Ouluun.'],
    ]);
    expect(book.removedSentences).toBe(0);

    // Three requests, in order, each carrying its own stories and no other chapter's.
    const sent = chats();
    expect(sent).toHaveLength(3);
    expect(userMessage(sent[0])).toContain('Näsijärvessä');
    expect(userMessage(sent[0])).toContain('(1965)');
    expect(userMessage(sent[0])).not.toContain('paperitehtaalla');
    expect(userMessage(sent[1])).toContain('paperitehtaalla');
    expect(userMessage(sent[1])).not.toContain('Näsijärvessä');
    // The next chapter follows on from the end of the one before.
    expect(userMessage(sent[1])).toContain('Kävin koulua Tampereella.');
    expect(userMessage(sent[2])).toContain('Ouluun');
    expect(systemMessage(sent[0])).toContain('Kirjoita suomeksi');
    expect(systemMessage(sent[0])).toContain('Aino Virtanen');
    expect(systemMessage(sent[0])).toContain('luku 1/3');
    expect(systemMessage(sent[0])).toContain('"Lapsuus"');

    const [row] = await db().select().from(autobiographies).where(eq(autobiographies.id, asked.id));
    expect(row.userId).toBe(ownerId);
    expect(row.content).toContain('# Elämäni\n\n*Aino Virtanen*');
    const linked = await db().select().from(autobiographyStories).where(eq(autobiographyStories.autobiographyId, asked.id)).orderBy(autobiographyStories.position);
    expect(linked.map((l) => l.storyId)).toEqual([life.lake.id, life.school.id, life.mill.id, life.loose.id]);
  });

  it('writes a chapter too long for one request in several requests', async () => {
    const chapter = await seed().chapter(ownerId, 'Long life');
    const paragraph = (n: number) => `Story number ${n} tells of the lake. `.repeat(400);
    for (const n of [1, 2, 3]) await seed().story(ownerId, { title: `Part ${n}`, content: paragraph(n), chapterId: chapter.id, chapterOrder: n });
    fake.setChatReply(retelling);
    const response = await owner.post('/api/autobiography', { chapterIds: [chapter.id], title: 'Long', language: 'en' });
    expect(response.status).toBe(202);
    const book = await settled((await response.json()).id);
    expect(book.status).toBe('generated');
    expect(chats().length).toBeGreaterThanOrEqual(2);
    for (const request of chats()) expect(userMessage(request).length).toBeLessThan(30_000);
    expect(book.chapters.map((c) => c.title)).toEqual(chats().map(() => 'Long life'));
  });

  it('asks again for a chapter naming someone, somewhere or a year no story holds, then takes those sentences out', async () => {
    const story = await seed().story(ownerId, { title: 'The farm', content: 'I grew up on a farm near Tampere with my sister Anna.' });
    fake.setChatReply({ title: 'Farm years', content: 'I grew up on a farm near Tampere. My cousin Pekka came from Oulu in 1971.\n\nAnna was my sister.' });
    const response = await owner.post('/api/autobiography', { storyIds: [story.id], title: 'My life', language: 'en' });
    const book = await settled((await response.json()).id);
    expect(chats()).toHaveLength(2);
    expect(book.status).toBe('generated');
    expect(book.chapters).toEqual([{ title: 'Farm years', content: 'I grew up on a farm near Tampere.\n\nAnna was my sister.', storyIds: [story.id] }]);
    expect(book.removedSentences).toBe(1);
  });

  it('refuses a bad body with the field and the reason, and stores nothing', async () => {
    const story = await seed().story(ownerId);
    const before = await db().select().from(autobiographies).where(eq(autobiographies.userId, ownerId));
    const cases: [unknown, string][] = [
      [{ storyIds: [], title: 'Book', language: 'en' }, 'storyIds'],
      [{ storyIds: [story.id], title: '   ', language: 'en' }, 'title'],
      [{ storyIds: [story.id], title: 'x'.repeat(201), language: 'en' }, 'title'],
      [{ storyIds: [story.id], title: 'Book', language: 'sv' }, 'language'],
      [{ storyIds: ['one'], title: 'Book', language: 'en' }, 'storyIds.0'],
      [{ storyIds: [story.id], title: 'Book', language: 'en', pointOfView: 'second' }, 'pointOfView'],
    ];
    for (const [body, field] of cases) {
      const response = await owner.post('/api/autobiography', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toMatchObject({ code: 'validation', field });
    }
    const empty = await owner.post('/api/autobiography', { storyIds: [], title: 'Book', language: 'en' });
    expect((await empty.json()).message).toContain('Choose at least one chapter or story');
    expect(await db().select().from(autobiographies).where(eq(autobiographies.userId, ownerId))).toEqual(before);
    expect(chats()).toHaveLength(0);
  });

  it('says so when nothing chosen is written yet', async () => {
    const processing = await seed().story(ownerId, { content: '', processingStatus: 'processing' });
    const response = await owner.post('/api/autobiography', { storyIds: [processing.id], title: 'Book', language: 'en' });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'nothing_to_write' });
  });

  it("answers 404 for another user's story or chapter, and stores nothing", async () => {
    const theirs = await seed().story(strangerId, { title: 'Not yours' });
    const theirChapter = await seed().chapter(strangerId, 'Not yours');
    const mine = await seed().story(ownerId);
    const before = await db().select().from(autobiographies);
    const story = await owner.post('/api/autobiography', { storyIds: [mine.id, theirs.id], title: 'Book', language: 'en' });
    expect(story.status).toBe(404);
    expect(await story.json()).toMatchObject({ code: 'not_found' });
    const chapter = await owner.post('/api/autobiography', { storyIds: [mine.id], chapterIds: [theirChapter.id], title: 'Book', language: 'en' });
    expect(chapter.status).toBe(404);
    expect(await db().select().from(autobiographies)).toEqual(before);
    expect(chats()).toHaveLength(0);
  });
});

describe('a book that fails', () => {
  it('says why, keeps its written chapters, and a retry goes on from the first chapter not written', async () => {
    const life = await lifeStories();
    // The working-years chapter gets answers that are not the asked-for JSON until the writer is mended.
    let broken = true;
    fake.setChatReply((request) => {
      const user = request.messages.find((m) => m.role === 'user')!.content;
      return broken && user.includes('paperitehtaalla') ? { title: 7 } : retelling(request);
    });
    const response = await owner.post('/api/autobiography', { chapterIds: [life.childhood.id, life.work.id], title: 'Book', language: 'fi' });
    const id = (await response.json()).id;
    const failed = await settled(id);
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'processing_failed', progress: { chaptersDone: 1, chaptersTotal: 2 } });
    expect(failed.error).toContain('Failed to generate autobiography.');
    expect(failed.chapters[0].content).toContain('Näsijärvessä');
    // The first try and the job's two retries, each for the chapter not written.
    expect(chats().filter((r) => userMessage(r).includes('paperitehtaalla'))).toHaveLength(3);
    fake.reset();

    broken = false;
    fake.setChatReply(retelling);
    const retried = await owner.post(`/api/autobiographies/${id}/retry`);
    expect(retried.status).toBe(202);
    const book = await settled(id);
    expect(book.status).toBe('generated');
    expect(book.error).toBeNull();
    // Only the chapter not written was asked for again.
    expect(chats()).toHaveLength(1);
    expect(userMessage(chats()[0])).toContain('paperitehtaalla');

    const again = await owner.post(`/api/autobiographies/${id}/retry`);
    expect(again.status).toBe(409);
  }, 60_000);
});

describe('the list, reading, downloads and deleting', () => {
  async function writtenBook(title = 'Elämäni') {
    const story = await seed().story(ownerId, { title: 'Järvellä', content: 'Kesällä 1965 uin Näsijärvessä.' });
    fake.setChatReply(retelling);
    const response = await owner.post('/api/autobiography', { storyIds: [story.id], title, language: 'fi' });
    return settled((await response.json()).id);
  }

  it('lists the person\'s books newest first with title, date and state, and none of another user\'s', async () => {
    const book = await writtenBook('Listattu');
    await seed().autobiography(strangerId, 'Someone else\'s', { processingStatus: 'generated' });
    const response = await owner.get('/api/autobiographies?language=fi');
    expect(response.status).toBe(200);
    const list: AutobiographySummary[] = await response.json();
    expect(list[0]).toMatchObject({ id: book.id, title: 'Listattu', status: 'generated', progress: { chaptersDone: 1, chaptersTotal: 1 } });
    expect(Date.parse(list[0].createdAt)).not.toBeNaN();
    expect(list.map((b) => b.title)).not.toContain("Someone else's");
    const times = list.map((b) => Date.parse(b.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('honours a language filter, and lists every book without one', async () => {
    const english = await seed().autobiography(ownerId, 'In English', { language: 'en', processingStatus: 'generated' });
    const titles = async (query: string) => ((await (await owner.get(`/api/autobiographies${query}`)).json()) as AutobiographySummary[]).map((b) => b.title);
    expect(await titles('?language=fi')).not.toContain(english.title);
    expect(await titles('?language=en')).toContain(english.title);
    expect(await titles('')).toContain(english.title);
  });

  it('downloads Markdown, EPUB and PDF as attachments with a safe name', async () => {
    const book = await writtenBook('Elämäni / järvi');
    const markdown = await owner.get(`/api/autobiographies/${book.id}/export/markdown`);
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
    expect(markdown.headers.get('content-disposition')).toBe(`attachment; filename="Elamani-jarvi.md"; filename*=UTF-8''${encodeURIComponent('Elämäni   järvi.md')}`);
    expect(await markdown.text()).toContain('## A chapter\n\nKesällä 1965 uin Näsijärvessä.');
    const epub = await owner.get(`/api/autobiographies/${book.id}/export/epub`);
    expect(epub.headers.get('content-type')).toBe('application/epub+zip');
    expect(epub.headers.get('content-disposition')).toMatch(/^attachment; filename="Elamani-jarvi.epub"/);
    expect(Buffer.from(await epub.arrayBuffer()).subarray(30, 38).toString()).toBe('mimetype');
    const pdf = await owner.get(`/api/autobiographies/${book.id}/export/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await owner.get(`/api/autobiographies/${book.id}/export/docx`)).status).toBe(404);
  });

  it('has no download while the book is being written', async () => {
    const row = await seed().autobiography(ownerId, 'Unfinished', { processingStatus: 'processing' });
    const response = await owner.get(`/api/autobiographies/${row.id}/export/pdf`);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'not_generated' });
  });

  it("answers 404 to another user for reading, retrying, downloading and deleting, and changes nothing", async () => {
    const book = await writtenBook();
    const [before] = await db().select().from(autobiographies).where(eq(autobiographies.id, book.id));
    for (const [method, path] of [
      ['GET', `/api/autobiographies/${book.id}`],
      ['POST', `/api/autobiographies/${book.id}/retry`],
      ['GET', `/api/autobiographies/${book.id}/export/pdf`],
      ['DELETE', `/api/autobiographies/${book.id}`],
    ]) {
      const response = await stranger.request(method, path, method === 'POST' ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found', message: 'Autobiography not found' });
    }
    const [after] = await db().select().from(autobiographies).where(eq(autobiographies.id, book.id));
    expect(after).toEqual(before);
  });

  it('deletes a book and its story links, not its stories', async () => {
    const book = await writtenBook();
    const response = await owner.request('DELETE', `/api/autobiographies/${book.id}`);
    expect(response.status).toBe(204);
    expect((await owner.get(`/api/autobiographies/${book.id}`)).status).toBe(404);
    expect(await db().select().from(autobiographyStories).where(eq(autobiographyStories.autobiographyId, book.id))).toEqual([]);
    expect((await owner.get(`/api/stories/${book.chapters[0].storyIds[0]}`)).status).toBe(200);
  });
});
