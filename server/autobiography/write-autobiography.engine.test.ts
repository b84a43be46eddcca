import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localTestEngines } from '../../test/support/engines.ts';
import { type HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { autobiographies } from '../db/schema.ts';
import { groundedChapter } from './grounded-chapter.ts';

// The autobiography job on the real local writer with the test-size model, whose answers
// are nonsense: whatever it says, each chapter is written in its own request and stored
// grounded in its own stories, and the book ends generated, or failed with a reason.
let server: TestApp;
let client: HttpClient;
let userId: string;
/** How long the local writer may take (two chapters, each perhaps asked twice, three tries) before the test gives up. */
const SETTLED = 300_000;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: localTestEngines() });
  ({ client, id: userId } = await signedUpClient(server.url, 'local-autobiography@example.com'));
});
afterAll(async () => {
  await server?.close();
});

it('writes a two-chapter book chapter by chapter, every chapter grounded in its own stories', async () => {
  const db = server.database.db;
  const childhood = await seeder(db).chapter(userId, 'Childhood', { orderIndex: 0 });
  const lake = 'Lily and I swam in the lake near Tampere every summer in 1965. Our mother baked bread.';
  const work = 'I worked at the paper mill for twenty years. The machines were loud and the days were long.';
  await seeder(db).story(userId, { title: 'The lake', content: lake, chapterId: childhood.id, chapterOrder: 0 });

  const mill = await seeder(db).story(userId, { title: 'The mill', content: work });
  const response = await client.post('/api/autobiography', { chapterIds: [childhood.id], storyIds: [mill.id], title: 'My life', language: 'en' });
  expect(response.status).toBe(202);
  const { id } = await response.json();
  expect(id).toBeGreaterThan(0);
  // The chosen chapter, then the chosen story in no chapter: two chapters, two requests at least.
  const row = await waitFor(async () => (await db.select().from(autobiographies).where(eq(autobiographies.id, id)))[0], (r) => r.processingStatus !== 'processing', SETTLED);

  expect(row.chapters.map((c) => c.storyIds.length)).toEqual([1, 1]);
  expect(row.chapters[0].title).toBe('Childhood');
  if (row.processingStatus === 'generated') {
    // What is stored names nothing its own stories do not.
    const sources = [['Childhood', 'The lake', lake], ['The mill', work]];
    row.chapters.forEach((chapter, i) => {
      expect(typeof chapter.content).toBe('string');
      expect(groundedChapter(chapter.content!, ['My life', chapter.title ?? '', ...sources[i]], 'en').removed).toEqual([]);
    });
    expect(row.content).toContain('# My life');
  } else {
    expect(row.processingStatus).toBe('failed');
    expect(row.error).toMatch(/^[a-z_]+$/);
  }
  expect(server.backgroundErrors).toEqual([]);
}, SETTLED + 30_000);
