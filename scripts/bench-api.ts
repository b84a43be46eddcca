/**
 * npm run bench:api: with 5,000 stories and 20,000 recordings for one user, the median
 * and p95 latency of the library list, a story with its recordings, the timeline, the
 * recordings and search, through the real server over HTTP (BENCH_EXPLAIN=1: search's plans). PGlite by default; TEST_DATABASE_URL for PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { people, recordingPeople, recordings, stories } from '../server/db/schema.ts';
import { HttpClient } from '../test/support/http-client.ts';
import { startTestApp } from '../test/support/test-app.ts';

const STORIES = Number(process.env.BENCH_STORIES ?? 5000);
const RECORDINGS_PER_STORY = Number(process.env.BENCH_RECORDINGS_PER_STORY ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const CHUNK = 500;

const server = await startTestApp({ LOGIN_RATE_LIMIT: '100000' });
const client = new HttpClient(server.url);
const user = await (await client.post('/api/auth/local/sign-up', { email: 'bench@example.com', password: 'long enough password', firstName: 'B' })).json();
const db = server.database.db;

const seedStart = performance.now();
const paragraph = 'We rowed across the lake every morning before breakfast, and my sister Anna counted the strokes out loud. ';
const storyIds: number[] = [];
for (let i = 0; i < STORIES; i += CHUNK) {
  const rows = Array.from({ length: Math.min(CHUNK, STORIES - i) }, (_, j) => {
    const n = i + j;
    return {
      userId: user.id,
      title: `Memory number ${n}`,
      content: paragraph.repeat(3 + (n % 12)),
      processingStatus: 'generated' as const,
      language: n % 2 ? 'fi' : 'en',
      temporalType: n % 3 ? ('year' as const) : null,
      year: n % 3 ? 1940 + (n % 80) : null,
      metadata: { people: ['Anna'], locations: ['Tampere'], dates: [], storyType: 'family' as const },
      createdAt: new Date(Date.now() - n * 3600_000),
    };
  });
  storyIds.push(...(await db.insert(stories).values(rows).returning({ id: stories.id })).map((r) => r.id));
}
const [anna] = await db.insert(people).values({ userId: user.id, name: 'Anna', relationship: 'sister' }).returning();
const recordingRows = storyIds.flatMap((storyId) =>
  Array.from({ length: RECORDINGS_PER_STORY }, (_, orderIndex) => ({
    userId: user.id,
    storyId,
    orderIndex,
    audioKey: `users/${user.id}/recordings/${storyId}-${orderIndex}.webm`,
    mimeType: 'audio/webm',
    sizeBytes: 90_000,
    duration: 42,
    transcription: paragraph.repeat(4),
    processingStatus: 'transcribed' as const,
  })),
);
for (let i = 0; i < recordingRows.length; i += CHUNK) {
  const ids = await db.insert(recordings).values(recordingRows.slice(i, i + CHUNK)).returning({ id: recordings.id });
  await db.insert(recordingPeople).values(ids.filter((_, k) => k % 2 === 0).map(({ id }) => ({ recordingId: id, personId: anna.id })));
}
console.log(`seeded ${STORIES} stories and ${recordingRows.length} recordings in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${server.database.kind})`);

async function measure(name: string, path: () => string) {
  await client.get(path()); // warm up
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const response = await client.get(path());
    const body = await response.arrayBuffer();
    times.push(performance.now() - start);
    bytes = body.byteLength;
    if (response.status !== 200) throw new Error(`${path()} answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(`${name.padEnd(32)} median ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms   ${(bytes / 1024).toFixed(0)} KiB`);
}

console.log(`\n${REQUESTS} sequential requests each:`);
await measure('GET /api/stories', () => '/api/stories?language=en');
await measure('GET /api/stories/{id}/with-recordings', () => `/api/stories/${storyIds[Math.floor(Math.random() * storyIds.length)]}/with-recordings`);
await measure('GET /api/timeline', () => '/api/timeline?language=en');
await measure('GET /api/recordings', () => '/api/recordings');
// Search, the library's first page of 10: a word in every story (ranks all 5,000), and a title's words (a few matches).
await measure('GET /api/search (every story)', () => '/api/search?q=lake&limit=10');
await measure('GET /api/search (a few)', () => `/api/search?q=${encodeURIComponent(`memory ${Math.floor(Math.random() * STORIES)}`)}&limit=10`);
if (process.env.BENCH_EXPLAIN) {
  const { searchStatement } = await import('../server/search/search-stories.ts');
  const { sql } = await import('drizzle-orm');
  for (const q of ['lake', 'memory 1234']) {
    const plan = (await db.execute(sql`explain (analyze, buffers) ${searchStatement(user.id, { q, limit: 10 })}`)) as unknown as { rows: Record<string, string>[] };
    console.log(`\nEXPLAIN ANALYZE search "${q}":\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
  }
}
await server.close();
process.exit(0);
