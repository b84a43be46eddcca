/**
 * npm run bench:api: with 5,000 stories and 20,000 recordings for one user and 100 other users
 * with data in the same database, the median and p95 latency of the library's first page and
 * its filter counts, a story with its recordings, the timeline's and the recordings' first pages
 * and search, through the real server over HTTP; the kept reads (decision 026) both as kept and as
 * the database answers them ("not kept"). BENCH_EXPLAIN=1: each list's statements and query plans,
 * and search's. PGlite by default; TEST_DATABASE_URL for PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { chapters, people, recordingPeople, recordings, stories, users } from '../server/db/schema.ts';
import { nextPageUrl } from '../contract/pagination.ts';
import { signedUpClient } from '../test/support/http-client.ts';
import { startTestApp } from '../test/support/test-app.ts';
import { benchRecordingRow, benchStoryRow } from './bench-library-rows.ts';

const STORIES = Number(process.env.BENCH_STORIES ?? 5000);
const RECORDINGS_PER_STORY = Number(process.env.BENCH_RECORDINGS_PER_STORY ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const OTHER_USERS = Number(process.env.BENCH_OTHER_USERS ?? 100);
const OTHER_STORIES = 50;
const OTHER_RECORDINGS = 200;
const CHUNK = 500;
/**
 * Uncompressed by default: the server runs in this very process, so with compression the
 * client's decoding of each answer would be timed on the server's thread too (asked with br,
 * every line gained about 0.6 ms median and 3 ms p95 whatever the encoding or quality, where
 * compressing a 40 KB page takes 0.25 ms). BENCH_ENCODING='gzip, deflate, br' asks as a browser
 * asks, for the whole round trip.
 */
const ENCODING = process.env.BENCH_ENCODING ?? 'identity';

const server = await startTestApp({ LOGIN_RATE_LIMIT: '100000' });
const { client, id: userId } = await signedUpClient(server.url, 'bench@example.com');
const user = { id: userId };
const db = server.database.db;

const seedStart = performance.now();
const storyIds: number[] = [];
for (let i = 0; i < STORIES; i += CHUNK) {
  const rows = Array.from({ length: Math.min(CHUNK, STORIES - i) }, (_, j) => ({
    ...benchStoryRow(user.id, i + j),
    metadata: { people: ['Anna'], locations: ['Tampere'], dates: [], storyType: 'family' as const },
  }));
  storyIds.push(...(await db.insert(stories).values(rows).returning({ id: stories.id })).map((r) => r.id));
}
const [anna] = await db.insert(people).values({ userId: user.id, name: 'Anna', relationship: 'sister' }).returning();
const recordingRows = storyIds.flatMap((storyId) =>
  Array.from({ length: RECORDINGS_PER_STORY }, (_, orderIndex) => benchRecordingRow(user.id, storyId, orderIndex)),
);
for (let i = 0; i < recordingRows.length; i += CHUNK) {
  const ids = await db.insert(recordings).values(recordingRows.slice(i, i + CHUNK)).returning({ id: recordings.id });
  await db.insert(recordingPeople).values(ids.filter((_, k) => k % 2 === 0).map(({ id }) => ({ recordingId: id, personId: anna.id })));
}
// A collection holding every tenth story, so the filters have something to count.
const [chapter] = await db.insert(chapters).values({ userId: user.id, title: 'Summers' }).returning();
for (let i = 0; i < storyIds.length; i += 10 * CHUNK) {
  const ids = storyIds.slice(i, i + 10 * CHUNK).filter((_, k) => k % 10 === 0);
  await db.update(stories).set({ chapterId: chapter.id }).where(inArray(stories.id, ids));
}

// Other people in the same database: each list must read only the caller's rows.
const others = await db
  .insert(users)
  .values(Array.from({ length: OTHER_USERS }, (_, i) => ({ email: `other-${i}@example.com`, firstName: 'O' })))
  .returning({ id: users.id });
const otherStories = others.flatMap(({ id }) =>
  Array.from({ length: OTHER_STORIES }, (_, n) => ({
    ...benchStoryRow(id, n, `Someone else's memory ${n}`),
    createdAt: new Date(Date.now() - n * 1800_000),
  })),
);
const otherStoryRows: { id: number; userId: string }[] = [];
for (let i = 0; i < otherStories.length; i += CHUNK) {
  otherStoryRows.push(...(await db.insert(stories).values(otherStories.slice(i, i + CHUNK)).returning({ id: stories.id, userId: stories.userId })));
}
const otherRecordings = otherStoryRows.flatMap(({ id, userId }, n) =>
  Array.from({ length: OTHER_RECORDINGS / OTHER_STORIES }, (_, orderIndex) => ({
    // Every fifth story's first recording is kept without a story, for the unassigned lists.
    ...benchRecordingRow(userId, n % 5 === 0 && orderIndex === 0 ? null : id, orderIndex, id),
    createdAt: new Date(Date.now() - n * 900_000),
  })),
);
for (let i = 0; i < otherRecordings.length; i += CHUNK) await db.insert(recordings).values(otherRecordings.slice(i, i + CHUNK));
// After such a load PostgreSQL's autovacuum runs, and the app vacuums a PGlite folder 15 s after
// opening it and daily (decision 024): statistics and the visibility map that index-only scans
// need. Done here at once; BENCH_NO_VACUUM=1 measures the tables as just written (decision 023).
if (!process.env.BENCH_NO_VACUUM) await server.database.executor.executeSql('vacuum analyze');
console.log(
  `seeded ${STORIES} stories and ${recordingRows.length} recordings, and ${OTHER_USERS} other users with ${otherStories.length} stories and ${otherRecordings.length} recordings, in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${server.database.kind})`,
);

async function measure(name: string, path: () => string) {
  await client.get(path(), { 'accept-encoding': ENCODING }); // warm up
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const response = await client.get(path(), { 'accept-encoding': ENCODING });
    const body = await response.arrayBuffer();
    times.push(performance.now() - start);
    bytes = body.byteLength;
    if (response.status !== 200) throw new Error(`${path()} answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(`${name.padEnd(40)} median ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms   ${(bytes / 1024).toFixed(0)} KiB`);
}

console.log(
  `\n${REQUESTS} sequential requests each, accept-encoding: ${ENCODING} (lists: their first page of 50; the kept reads of decision 026 answered from memory after the first):`,
);
// The floor under every line: a signed-in call that reads nothing (the session is cached, decision 021).
await measure('GET /api/auth/user (floor)', () => '/api/auth/user');
await measure('GET /api/stories', () => '/api/stories?language=en');
await measure('GET /api/stories/counts', () => '/api/stories/counts');
await measure('GET /api/stories/{id}/with-recordings', () => `/api/stories/${storyIds[Math.floor(Math.random() * storyIds.length)]}/with-recordings`);
await measure('GET /api/timeline', () => '/api/timeline?language=en');
await measure('GET /api/recordings', () => '/api/recordings');
// A later page: the cursor of the first page's last row, read from its Link header.
const secondPage = nextPageUrl((await client.get('/api/stories?language=en')).headers.get('link'));
if (!secondPage) throw new Error('the first page of the library has no Link rel="next"');
await measure('GET /api/stories (page 2)', () => secondPage);
// The same reads as the database answers them: a URL of their own each time (a parameter the
// server ignores), so that no kept answer serves them (decision 026). A person's first read, and
// every read after a change of theirs, is one of these.
let fresh = 0;
const notKept = (path: string) => () => `${path}${path.includes('?') ? '&' : '?'}bench=${++fresh}`;
await measure('GET /api/stories (not kept)', notKept('/api/stories?language=en'));
await measure('GET /api/stories/counts (not kept)', notKept('/api/stories/counts'));
await measure('GET /api/timeline (not kept)', notKept('/api/timeline?language=en'));
await measure('GET /api/recordings (not kept)', notKept('/api/recordings'));
await measure('GET /api/stories (page 2, not kept)', notKept(secondPage));
// Search, the library's first page of 10: a word in every story (ranks all 5,000), and a title's words (a few matches).
await measure('GET /api/search (every story)', () => '/api/search?q=lake&limit=10');
await measure('GET /api/search (a few)', () => `/api/search?q=${encodeURIComponent(`memory ${Math.floor(Math.random() * STORIES)}`)}&limit=10`);
if (process.env.BENCH_EXPLAIN) await explainAll();
await server.close();
process.exit(0);

/** EXPLAIN (ANALYZE) of each list's queries, captured as the server runs them (decision 023). */
async function explainAll() {
  const { searchStatement } = await import('../server/search/search-stories.ts');
  // One connection of its own on PostgreSQL, so that begin, set local and explain share it.
  const explainer = server.database.connectionString ? new pg.Client({ connectionString: server.database.connectionString }) : null;
  await explainer?.connect();
  const run = async (text: string, params: unknown[] = []): Promise<{ rows: Record<string, string>[] }> =>
    explainer ? explainer.query(text, params) : server.database.executor.executeSql(text, params);
  for (const [title, path] of [
    ['GET /api/stories', '/api/stories'],
    ['GET /api/stories (page 2)', secondPage!],
    ['GET /api/stories?filter=unassigned', '/api/stories?filter=unassigned'],
    ['GET /api/stories/counts', '/api/stories/counts'],
    ['GET /api/stories/{id}/with-recordings', `/api/stories/${storyIds[1234]}/with-recordings`],
    ['GET /api/timeline', '/api/timeline'],
    ['GET /api/recordings', '/api/recordings'],
    ['GET /api/recordings?unassigned=true', '/api/recordings?unassigned=true'],
  ] as const) {
    // A URL of its own, so that the call reads the database rather than a kept answer (decision 026).
    const { statements, sent } = await capturedQueries(() => client.get(notKept(path)()));
    // Each statement is a round trip to a PostgreSQL server; PGlite's own transaction adds its begin and commit.
    const transaction = server.database.kind === 'pglite' && statements.some((s) => s.inKeyOrder) ? ' + begin and commit' : '';
    console.log(`\n${title}: ${sent.length} statements${transaction} (${sent.join(', ')})`);
    for (const [i, { text, params, inKeyOrder }] of statements.entries()) {
      // A page read runs with bitmap scans off (readInKeyOrder): explained the same way.
      await run('begin');
      if (inKeyOrder) await run('set local enable_bitmapscan = off');
      const plan = await run(`explain (analyze, buffers) ${text}`, params);
      await run('commit');
      console.log(`\nEXPLAIN ANALYZE ${title} (query ${i + 1} of ${statements.length}):\n${text}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
    }
  }
  await explainer?.end();
  for (const q of ['lake', 'memory 1234']) {
    const plan = (await db.execute(sql`explain (analyze, buffers) ${searchStatement(user.id, { q, limit: 10 })}`)) as unknown as { rows: Record<string, string>[] };
    console.log(`\nEXPLAIN ANALYZE search "${q}":\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
  }
}

/**
 * The statements a call runs on the lists' tables, as drizzle sends them (its logger, swapped in
 * for the call), and the first word of every statement it sent (begin, set, select, commit).
 */
async function capturedQueries(
  call: () => Promise<Response>,
): Promise<{ statements: { text: string; params: unknown[]; inKeyOrder: boolean }[]; sent: string[] }> {
  // A transaction's session takes its logger from the session's options: both are swapped.
  type Logger = { logQuery(text: string, params: unknown[]): void };
  const session = (db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  const previous = { logger: session.logger, options: session.options };
  const statements: { text: string; params: unknown[]; inKeyOrder: boolean }[] = [];
  const sent: string[] = [];
  let keyOrderNext = false;
  session.logger = {
    logQuery(text: string, params: unknown[]) {
      // Its first word and the table it reads: drizzle's own table has no alias, a subquery's tables have one.
      const from = /from "(\w+)"(?= where| order| inner| left| limit|$)/.exec(text)?.[1];
      sent.push(`${text.trim().split(/\s/)[0]!.toLowerCase()}${from ? ` ${from}` : ''}`);
      if (/enable_bitmapscan/.test(text)) keyOrderNext = true;
      else if (/"(stories|recordings|recording_people|recording_places)"/.test(text)) {
        statements.push({ text, params, inKeyOrder: keyOrderNext });
        keyOrderNext = false;
      }
    },
  };
  session.options = { ...session.options, logger: session.logger };
  try {
    const response = await call();
    if (response.status !== 200) throw new Error(`${response.url} answered ${response.status}`);
  } finally {
    session.logger = previous.logger;
    session.options = previous.options;
  }
  return { statements, sent };
}
