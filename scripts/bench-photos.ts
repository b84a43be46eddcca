/**
 * npm run bench:photos: figures, not pass/fail (issue 27).
 *
 * 1. A real server (`server/main.ts` in its own process, embedded database; once with glibc's
 *    default malloc arenas, once with MALLOC_ARENA_MAX=2) takes 20 photos of
 *    12 MP at once, each its own upload as 20 phones would send them: the time until every one
 *    is stored with its copies (the answer comes after), the time to read their 20 thumbnails,
 *    and the server's peak memory over its idle (sampled every 50 ms, and VmHWM). The goal:
 *    memory bounded by the photo slots (one decode per core), not by the number of uploads.
 * 2. The library's first page with a cover thumbnail on its rows: with 5,000 stories of one
 *    user, every story with two photos and every third with a chosen cover, the median and p95
 *    of GET /api/stories and GET /api/timeline as the database answers them (not kept,
 *    decision 026), beside the same before any photo existed.
 *
 * BENCH_PHOTOS (20), BENCH_MEGAPIXELS (12), BENCH_STORIES (5000), BENCH_REQUESTS (40).
 */
import { performance } from 'node:perf_hooks';
import { desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { photos, stories } from '../server/db/schema.ts';
import { PHOTO_SLOTS } from '../server/photos/photo-slots.ts';
import { storySummaryColumns } from '../server/stories/presenter.ts';
import { type HttpClient, signedUpClient } from '../test/support/http-client.ts';
import { PHONE_EXIF, uploadPhotos } from '../test/support/photo-files.ts';
import { spawnServer } from '../test/support/server-process.ts';
import { startTestApp } from '../test/support/test-app.ts';
import { benchStoryRow } from './bench-library-rows.ts';
import { peakWhile, rssOf } from './bench-memory.ts';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 20);
const MEGAPIXELS = Number(process.env.BENCH_MEGAPIXELS ?? 12);
const STORIES = Number(process.env.BENCH_STORIES ?? 5000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const MB = 1024 * 1024;
const CHUNK = 500;

/** A phone-like photo of `megapixels` (4:3): blurred grain, so it does not compress to nothing; turned by EXIF, with GPS. */
async function phonePhoto(megapixels: number, seed: number): Promise<Buffer> {
  const width = Math.round(Math.sqrt((megapixels * 1e6 * 4) / 3));
  const height = Math.round((width * 3) / 4);
  const grain = await sharp({ create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 120 + (seed % 20), sigma: 18 } } }).raw().toBuffer();
  return sharp(grain, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .withMetadata({ orientation: 6 })
    .withExif(PHONE_EXIF)
    .jpeg({ quality: 88 })
    .toBuffer();
}

/**
 * The bursts on a server with glibc's default malloc arenas (the threads that decode, libuv's
 * and libvips's, each keep freed memory in their own) and on one with MALLOC_ARENA_MAX=2, as sharp advises.
 */
async function uploadBursts(files: Buffer[], malloc: Record<string, string>) {
  const sizes = files.map((f) => f.length / MB);
  const server = await spawnServer({ LOG_LEVEL: 'warn', PHOTO_UPLOADS_PER_HOUR: '1000', ...malloc });
  try {
    await server.serving();
    const pid = await server.pid();
    const { client } = await signedUpClient(server.url, 'bench@example.com');
    // Start-up's work (migrations, the queue) settles first; then the lowest of a few seconds is idle.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    let idle = Infinity;
    for (let i = 0; i < 20; i++, await new Promise((resolve) => setTimeout(resolve, 100))) idle = Math.min(idle, rssOf(pid));
    console.log(`
Uploads of one ${MEGAPIXELS} MP JPEG each (${Math.min(...sizes).toFixed(1)}-${Math.max(...sizes).toFixed(1)} MB, EXIF-turned), all sent at once; ${PHOTO_SLOTS} photo slots; server idle ${(idle / MB).toFixed(0)} MB:`);
    // A burst the slots take at once, then the full one: a bounded peak is about the same for both.
    for (const count of [PHOTO_SLOTS, PHOTOS]) {
      const burst = await peakWhile(pid, () =>
        Promise.all(
          files.slice(0, count).map(async (bytes, i) => {
            const response = await uploadPhotos(client, '/api/photos', [{ bytes, filename: `IMG_${i}.jpg` }]);
            if (response.status !== 201) throw new Error(`upload ${i} answered ${response.status}: ${await response.text()}`);
            return ((await response.json()) as { photos: { id: number }[] }).photos[0].id;
          }),
        ),
      );
      const thumbs = await peakWhile(pid, () => Promise.all(burst.result.map((id) => thumbnail(client, id))));
      console.log(
        `  ${String(count).padStart(2)} at once: all stored with their copies and answered in ${burst.seconds.toFixed(1)} s (${((burst.seconds * 1000) / count).toFixed(0)} ms a photo), ` +
          `their thumbnails read in ${thumbs.seconds.toFixed(2)} s; server peak ${(burst.server / MB).toFixed(0)} MB (+${((burst.server - idle) / MB).toFixed(0)} MB over idle)`,
      );
    }
    console.log(`  server VmHWM (start-up included): ${(rssOf(pid, 'VmHWM') / MB).toFixed(0)} MB`);
  } finally {
    await server.stop('SIGTERM');
  }
}

async function thumbnail(client: HttpClient, id: number): Promise<number> {
  const response = await client.get(`/api/photos/${id}?size=thumb`);
  if (response.status !== 200) throw new Error(`thumbnail ${id} answered ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

async function libraryWithCovers() {
  const app = await startTestApp({ LOGIN_RATE_LIMIT: '100000' });
  try {
    const { client, id: userId } = await signedUpClient(app.url, 'library@example.com');
    const db = app.database.db;
    const storyIds: number[] = [];
    for (let i = 0; i < STORIES; i += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, STORIES - i) }, (_, j) => benchStoryRow(userId, i + j));
      storyIds.push(...(await db.insert(stories).values(rows).returning({ id: stories.id })).map((r) => r.id));
    }
    let fresh = 0;
    const measure = async (name: string, path: string) => {
      const times: number[] = [];
      for (let i = 0; i <= REQUESTS; i++) {
        const start = performance.now();
        // A URL of its own each time, so the database answers rather than a kept read (decision 026).
        const response = await client.get(`${path}${path.includes('?') ? '&' : '?'}bench=${++fresh}`, { 'accept-encoding': 'identity' });
        const body = (await response.json()) as unknown[];
        if (i > 0) times.push(performance.now() - start); // the first warms up
        if (response.status !== 200 || body.length === 0) throw new Error(`${path} answered ${response.status}`);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
      console.log(`  ${name.padEnd(44)} median ${at(0.5).padStart(6)} ms   p95 ${at(0.95).padStart(6)} ms`);
    };
    console.log(`\nThe library's first page (50 rows) and the timeline's, ${STORIES} stories, ${REQUESTS} sequential requests, not kept:`);
    await measure('GET /api/stories, no photos', '/api/stories');
    await measure('GET /api/timeline, no photos', '/api/timeline');
    for (let i = 0; i < storyIds.length; i += CHUNK) {
      const rows = storyIds.slice(i, i + CHUNK).flatMap((storyId) =>
        [0, 1].map((position) => ({ userId, storyId, position, originalType: 'image/jpeg', width: 4000, height: 3000, originalBytes: 4 * MB, storedBytes: 5 * MB })),
      );
      await db.insert(photos).values(rows);
    }
    // Every third story has chosen its second photo as its cover.
    await db.execute(sql`update stories s set cover_photo_id = p.id from photos p where p.story_id = s.id and p.position = 1 and s.id % 3 = 0`);
    const page = (await (await client.get('/api/stories?bench=check')).json()) as { coverThumbUrl: string | null }[];
    console.log(`  (${STORIES * 2} photos; ${page.filter((row) => row.coverThumbUrl).length} of the first page's ${page.length} rows carry a cover thumbnail)`);
    await measure('GET /api/stories, covers on every row', '/api/stories');
    await measure('GET /api/timeline, covers on every row', '/api/timeline');
    // The database's own time for the library page's one statement, with and without its covers (the HTTP figures above carry the machine's load).
    const { shownCoverPhotoId: _cover, ...withoutCover } = storySummaryColumns;
    for (const [name, columns] of [
      ['without covers', withoutCover],
      ['with covers', storySummaryColumns],
    ] as const) {
      const page = db.select(columns).from(stories).where(eq(stories.userId, userId)).orderBy(desc(stories.createdAt), desc(stories.id)).limit(51);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const plan = (await db.execute(sql`explain (analyze) ${page}`)) as unknown as { rows: Record<string, string>[] };
        times.push(Number(/Execution Time: ([\d.]+)/.exec(plan.rows.map((row) => Object.values(row)[0]).join('\n'))?.[1]));
      }
      times.sort((a, b) => a - b);
      console.log(`  the library page's statement, ${name.padEnd(15)} execution median ${times[Math.floor(times.length / 2)].toFixed(2)} ms, p95 ${times[Math.floor(times.length * 0.95)].toFixed(2)} ms`);
    }
  } finally {
    await app.close();
  }
}

console.log(`Making ${PHOTOS} photos of ${MEGAPIXELS} MP...`);
const files = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => phonePhoto(MEGAPIXELS, i)));
await uploadBursts(files, {});
await uploadBursts(files, { MALLOC_ARENA_MAX: '2' });
await libraryWithCovers();
process.exit(0);
