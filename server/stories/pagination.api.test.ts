import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RecordingSummaryDto,
  recordingSummarySchema,
  recordingWithLinksSchema,
  storyCountsSchema,
  storySummarySchema,
  storyWithRecordingsSchema,
  type TimelineYearDto,
  timelineYearSchema,
} from '../../contract/library.ts';
import { nextPageUrl } from '../../contract/pagination.ts';
import { readingMinutes, transcriptionPreview, wordsOf } from '../../contract/reading.ts';
import { type HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { recordingPeople, recordingPlaces, recordings, stories } from '../db/schema.ts';
import { readInKeyOrder } from '../http/pagination.ts';
import { excerptOf } from './presenter.ts';

// Keyset pages of the library, the recordings and the timeline (docs/decisions/023-list-pagination-and-indexes.md).
let server: TestApp;
let seed: ReturnType<typeof seeder>;
let users = 0;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  seed = seeder(server.database.db);
});
afterAll(() => server?.close());

/** A user of its own for each test, so the tests share the server but not their lists. */
async function newUser() {
  const { client, id } = await signedUpClient(server.url, `pages-${++users}@example.com`);
  return { client, id };
}

/** Stories in one multi-row insert, the n-th created n hours before `newest`. */
async function storiesOf(userId: string, count: number, fields: (n: number) => Partial<typeof stories.$inferInsert> = () => ({})) {
  const newest = Date.parse('2026-06-01T12:00:00Z');
  const rows = Array.from({ length: count }, (_, n) => ({
    userId,
    title: `Story ${n}`,
    content: `Words of story ${n}.`,
    processingStatus: 'generated' as const,
    createdAt: new Date(newest - n * 3600_000),
    ...fields(n),
  }));
  return server.database.db.insert(stories).values(rows).returning();
}

/** Every page from `path` on, following Link rel="next"; with each page's Link. */
async function allPages<T>(client: HttpClient, path: string, parse: (body: unknown) => T[]): Promise<{ pages: T[][]; links: (string | null)[] }> {
  const pages: T[][] = [];
  const links: (string | null)[] = [];
  let next: string | null = path;
  while (next) {
    if (pages.length > 200) throw new Error('more than 200 pages: the cursor does not move on');
    const response = await client.get(next);
    expect(response.status).toBe(200);
    pages.push(parse(await response.json()));
    links.push(response.headers.get('link'));
    next = nextPageUrl(response.headers.get('link'));
  }
  return { pages, links };
}

const summaries = (body: unknown) => storySummarySchema.array().parse(body);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
/** Newest first, ties by id: the lists' order, computed from the rows as the database returned them. */
const newestFirst = <R extends { id: number; createdAt: Date }>(rows: R[]) =>
  [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);

describe('GET /api/stories pages', () => {
  it('lists newest first with ties by id, and its pages join to the whole list with no gaps or repeats', async () => {
    const { client, id } = await newUser();
    // Three stories created at the same moment: only their ids order them.
    const rows = await storiesOf(id, 8, (n) => (n >= 2 && n <= 4 ? { createdAt: new Date('2026-05-01T00:00:00Z') } : {}));
    const { pages, links } = await allPages(client, '/api/stories?limit=3', summaries);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
    expect(pages.flat().map((s) => s.id)).toEqual(ids(newestFirst(rows)));
    expect(links.at(-1)).toBeNull();
    expect(links[0]).toMatch(/^<\/api\/stories\?limit=3&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
  });

  it('keeps stories created within the same millisecond apart (the cursor holds microseconds)', async () => {
    const { client, id } = await newUser();
    const rows = await storiesOf(id, 4);
    // The newer of each pair has the smaller id: a cursor rounded to milliseconds would skip or repeat one.
    const times = ['2026-01-01 10:00:00.000900+00', '2026-01-01 10:00:00.000100+00', '2026-01-01 10:00:00.000800+00', '2026-01-01 10:00:00.000200+00'];
    for (const [i, row] of rows.entries()) {
      await server.database.db.execute(sql`update stories set created_at = ${times[i]}::timestamptz where id = ${row.id}`);
    }
    const { pages } = await allPages(client, '/api/stories?limit=1', summaries);
    expect(pages.flat().map((s) => s.id)).toEqual([rows[0]!.id, rows[2]!.id, rows[3]!.id, rows[1]!.id]);
  });

  it('keeps its cursor stable: a story added after the first page does not shift the second', async () => {
    const { client, id } = await newUser();
    const rows = newestFirst(await storiesOf(id, 5));
    const first = await client.get('/api/stories?limit=2');
    await seed.story(id, { title: 'Added later', createdAt: new Date('2030-01-01') });
    const second = summaries(await (await client.get(nextPageUrl(first.headers.get('link'))!)).json());
    expect(ids(second)).toEqual(ids(rows.slice(2, 4)));
    // The new story heads a fresh first page.
    expect(summaries(await (await client.get('/api/stories?limit=2')).json())[0]!.title).toBe('Added later');
  });

  it('gives 50 by default, at most 100, and refuses a limit out of range or a cursor that is not one', async () => {
    const { client, id } = await newUser();
    await storiesOf(id, 101);
    const byDefault = await client.get('/api/stories');
    expect(summaries(await byDefault.json())).toHaveLength(50);
    expect(byDefault.headers.get('link')).toContain('rel="next"');
    const most = await client.get('/api/stories?limit=100');
    expect(summaries(await most.json())).toHaveLength(100);
    expect(nextPageUrl(most.headers.get('link'))).toContain('limit=100');

    for (const query of ['limit=0', 'limit=101', 'limit=-5', 'limit=2.5', 'limit=many', 'filter=some']) {
      const response = await client.get(`/api/stories?${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).code, query).toBe('validation');
    }
    const notCursors = [
      '!!!',
      Buffer.from('not json').toString('base64url'),
      Buffer.from(JSON.stringify(['2026-01-01', 5])).toString('base64url'),
      Buffer.from(JSON.stringify({ id: 5 })).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000000Z', -1])).toString('base64url'),
      'x'.repeat(201),
    ];
    for (const cursor of notCursors) {
      for (const path of ['/api/stories', '/api/recordings', '/api/timeline']) {
        const response = await client.get(`${path}?cursor=${cursor}`);
        expect(response.status, `${path} ${cursor}`).toBe(400);
        expect((await response.json()).code).toBe('validation');
      }
    }
  });

  it("positions only the caller's own list with another user's cursor", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    await storiesOf(owner.id, 4);
    const strangers = await storiesOf(stranger.id, 4);
    const ownersLink = (await owner.client.get('/api/stories?limit=2')).headers.get('link');
    const page = summaries(await (await stranger.client.get(nextPageUrl(ownersLink)!)).json());
    // The owner's cursor stands after their second story (created an hour before the newest): the stranger's older ones follow.
    expect(ids(page)).toEqual(ids(newestFirst(strangers).slice(2)));
  });

  it('counts all, in collections and unassigned in one call, and pages each filter', async () => {
    const { client, id } = await newUser();
    const stranger = await newUser();
    const chapter = await seed.chapter(id, 'Summers');
    const rows = newestFirst(await storiesOf(id, 7, (n) => (n % 3 === 0 ? { chapterId: chapter.id } : {})));
    await storiesOf(stranger.id, 2);
    const counts = storyCountsSchema.parse(await (await client.get('/api/stories/counts')).json());
    expect(counts).toEqual({ all: 7, inCollections: 3, unassigned: 4 });
    expect(storyCountsSchema.parse(await (await stranger.client.get('/api/stories/counts')).json())).toEqual({ all: 2, inCollections: 0, unassigned: 2 });

    const unassigned = rows.filter((r) => r.chapterId === null);
    const filtered = await allPages(client, '/api/stories?filter=unassigned&limit=3', summaries);
    expect(filtered.pages.flat().map((s) => s.id)).toEqual(ids(unassigned));
    expect(filtered.links[0]).toContain('filter=unassigned');
    expect((await allPages(client, '/api/stories/unassigned?limit=3', summaries)).pages.flat().map((s) => s.id)).toEqual(ids(unassigned));
    const inCollections = await allPages(client, '/api/stories?filter=inCollections&limit=2', summaries);
    expect(inCollections.pages.flat().map((s) => s.id)).toEqual(ids(rows.filter((r) => r.chapterId === chapter.id)));
  });

  it('answers the spec clients without a cursor: whole summaries with excerpt, reading time and recording count, never the text', async () => {
    const { client, id } = await newUser();
    const long = `<p>${'Kesällä soudimme järven yli joka aamu,\u00a0ennen aamiaista. '.repeat(120)}</p>\n<p>The end.</p>`;
    const story = await seed.story(id, { title: 'Järvi', content: long });
    await seed.recording(id, { storyId: story.id });
    await seed.recording(id, { storyId: story.id });
    const response = await client.get('/api/stories?language=fi');
    const body = await response.json();
    expect(response.headers.get('link')).toBeNull();
    const [summary] = summaries(body);
    expect(body[0]).not.toHaveProperty('content');
    // Read from the start of the text and the stored word count, they match what the whole text gives.
    expect(summary).toMatchObject({ id: story.id, excerpt: excerptOf(long), readingMinutes: readingMinutes(long), recordingCount: 2 });
  });
});

describe('stored word counts', () => {
  it('count words as wordsOf does: tags out, any whitespace between', async () => {
    const { id } = await newUser();
    const texts = ['', '   ', 'one', ' one  two\tthree\nfour ', '<p>Hello <b>old</b> friend</p>', 'a<br/>b', 'ääkköset\u00a0ja\u2003välit\u3000myös', '<p></p>', 'x'.repeat(3000)];
    for (const text of texts) {
      const story = await seed.story(id, { content: text });
      const recording = await seed.recording(id, { transcription: text });
      const [{ wordCount }] = await server.database.db.select({ wordCount: stories.wordCount }).from(stories).where(eq(stories.id, story.id));
      const [{ count }] = await server.database.db.select({ count: recordings.transcriptionWordCount }).from(recordings).where(eq(recordings.id, recording.id));
      expect([wordCount, count], JSON.stringify(text)).toEqual([wordsOf(text).length, wordsOf(text).length]);
    }
  });
});

describe('GET /api/recordings pages', () => {
  it('pages newest first, all or only those in no story, as the same summaries', async () => {
    const { client, id } = await newUser();
    const stranger = await newUser();
    const story = await seed.story(id);
    const long = 'sana '.repeat(900);
    const made = [];
    for (let n = 0; n < 5; n++) {
      made.push(
        await seed.recording(id, { storyId: n % 2 ? story.id : null, createdAt: new Date(Date.parse('2026-02-01T00:00:00Z') - n * 60_000), transcription: n === 0 ? long : `Recording ${n}` }),
      );
    }
    await seed.recording(stranger.id);
    const parse = (body: unknown) => recordingSummarySchema.array().parse(body);
    const all = await allPages(client, '/api/recordings?limit=2', parse);
    expect(all.pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(all.pages.flat().map((r) => r.id)).toEqual(ids(newestFirst(made)));
    expect(all.pages[0]![0]).toMatchObject({ preview: transcriptionPreview(long), wordCount: 900 });
    expect(all.pages[0]![1]).toMatchObject({ story: { id: story.id, title: story.title } });

    const unassigned = await allPages(client, '/api/recordings?unassigned=true&limit=2', parse);
    expect(unassigned.links[0]).toContain('unassigned=true');
    expect(unassigned.pages.flat().map((r) => r.id)).toEqual(ids(newestFirst(made.filter((r) => r.storyId === null))));
  });

  it("gives each recording on a page its own people, places and story, and no one else's", async () => {
    const { client, id } = await newUser();
    const stranger = await newUser();
    const lake = await seed.story(id, { title: 'The lake' });
    const war = await seed.story(id, { title: 'The war years' });
    const [anna, eero] = [await seed.person(id, 'Anna', 'sister'), await seed.person(id, 'Eero')];
    const [tampere, mokki] = [await seed.place(id, 'Tampere', 'city'), await seed.place(id, 'Mökki')];
    const at = (n: number) => ({ createdAt: new Date(Date.parse('2026-03-01T00:00:00Z') - n * 60_000) });
    const both = await seed.recording(id, { storyId: lake.id, ...at(0) });
    const placed = await seed.recording(id, { storyId: war.id, ...at(1) });
    const bare = await seed.recording(id, { storyId: null, ...at(2) });
    const eeros = await seed.recording(id, { storyId: lake.id, ...at(3) });
    const theirs = await seed.recording(stranger.id, { storyId: (await seed.story(stranger.id, { title: 'Not yours' })).id });
    const theirPerson = await seed.person(stranger.id, 'Stranger');
    const db = server.database.db;
    // Linked in an order other than the people's own, and the stranger's recording to the same people.
    await db.insert(recordingPeople).values([
      { recordingId: both.id, personId: eero.id },
      { recordingId: both.id, personId: anna.id },
      { recordingId: eeros.id, personId: eero.id },
      { recordingId: theirs.id, personId: theirPerson.id },
      { recordingId: theirs.id, personId: anna.id },
    ]);
    await db.insert(recordingPlaces).values([
      { recordingId: placed.id, placeId: mokki.id },
      { recordingId: placed.id, placeId: tampere.id },
      { recordingId: both.id, placeId: mokki.id },
      { recordingId: theirs.id, placeId: tampere.id },
    ]);
    const annaLink = { id: anna.id, name: 'Anna', relationship: 'sister' };
    const eeroLink = { id: eero.id, name: 'Eero', relationship: null };
    const expected = [
      { id: both.id, people: [annaLink, eeroLink], places: [{ id: mokki.id, name: 'Mökki', type: null }], story: { id: lake.id, title: 'The lake' } },
      { id: placed.id, people: [], places: [{ id: tampere.id, name: 'Tampere', type: 'city' }, { id: mokki.id, name: 'Mökki', type: null }], story: { id: war.id, title: 'The war years' } },
      { id: bare.id, people: [], places: [], story: null },
      { id: eeros.id, people: [eeroLink], places: [], story: { id: lake.id, title: 'The lake' } },
    ];
    const linksOfPage = (rows: Pick<RecordingSummaryDto, 'id' | 'people' | 'places' | 'story'>[]) => rows.map(({ id, people, places, story }) => ({ id, people, places, story }));
    const { pages } = await allPages(client, '/api/recordings?limit=3', (body) => recordingSummarySchema.array().parse(body));
    expect(linksOfPage(pages.flat())).toEqual(expected);
    // The same rule for a story's recordings and for one recording.
    const withRecordings = storyWithRecordingsSchema.parse(await (await client.get(`/api/stories/${lake.id}/with-recordings`)).json());
    expect(linksOfPage(withRecordings.recordings)).toEqual([expected[0], expected[3]]);
    const one = recordingWithLinksSchema.parse(await (await client.get(`/api/recordings/${placed.id}/with-people-places`)).json());
    expect(linksOfPage([one])).toEqual([expected[1]]);
  });
});

describe('GET /api/timeline pages', () => {
  /** Joins pages as the client does: a page's first year continues the previous page's last. */
  const joined = (pages: TimelineYearDto[][]) =>
    pages.flat().reduce<TimelineYearDto[]>((years, year) => {
      if (years.at(-1)?.year === year.year) years.at(-1)!.stories.push(...year.stories);
      else years.push({ ...year, stories: [...year.stories] });
      return years;
    }, []);

  it('places each story at its own time or else its creation day, and a year goes on in the next page', async () => {
    const { client, id } = await newUser();
    await seed.story(id, { title: 'Moon landing', temporalType: 'specific_date', specificDate: '1969-07-20', year: 1969 });
    await seed.story(id, { title: 'Summer of 69', temporalType: 'month_year', year: 1969, month: 6 });
    await seed.story(id, { title: 'That year', temporalType: 'year', year: 1969 });
    await seed.story(id, { title: 'Unknown time', temporalType: 'unknown', year: 1950, createdAt: new Date('2024-03-03T23:30:00Z') });
    await seed.story(id, { title: 'No time', createdAt: new Date('2025-05-05T12:00:00Z') });
    await seed.story(id, { title: 'Eighties', temporalType: 'year_span', year: 1980, endYear: 1985 });
    await seed.story(id, { title: 'Another in 1969', temporalType: 'year', year: 1969, createdAt: new Date('2020-01-01') });

    const parse = (body: unknown) => timelineYearSchema.array().parse(body);
    const whole = parse(await (await client.get('/api/timeline')).json());
    expect(whole.map((y) => [y.year, y.stories.map((s) => [s.title, s.placedBy])])).toEqual([
      [2025, [['No time', 'created']]],
      [2024, [['Unknown time', 'created']]],
      [1980, [['Eighties', 'temporal']]],
      [
        1969,
        [
          ['Moon landing', 'temporal'],
          ['Summer of 69', 'temporal'],
          ['That year', 'temporal'],
          ['Another in 1969', 'temporal'],
        ],
      ],
    ]);

    const { pages, links } = await allPages(client, '/api/timeline?limit=2', parse);
    expect(pages.map((p) => p.reduce((n, y) => n + y.stories.length, 0))).toEqual([2, 2, 2, 1]);
    // 1969 starts on the second page and goes on in the third and fourth.
    expect(pages[2]!.map((y) => y.year)).toEqual([1969]);
    expect(links.at(-1)).toBeNull();
    expect(joined(pages)).toEqual(whole);
  });
});

describe('readInKeyOrder', () => {
  it('turns bitmap scans off for the page read only where there are no statistics (PGlite), and leaves a PostgreSQL server to its own', async () => {
    const setting = async (db: Pick<typeof server.database.db, 'execute'>) =>
      ((await db.execute(sql`select current_setting('enable_bitmapscan') as value`)) as unknown as { rows: { value: string }[] }).rows[0]!.value;
    // PostgreSQL's autovacuum keeps statistics, with which the planner walks the index anyway (decision 023).
    expect(await readInKeyOrder(server.database.db, (db) => setting(db))).toBe(server.database.kind === 'pglite' ? 'off' : 'on');
    expect(await setting(server.database.db)).toBe('on');
  });
});
