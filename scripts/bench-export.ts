/**
 * npm run bench:export: the time and peak memory of writing one account's archive
 * (server/archive/export/write-archive.ts) with BENCH_STORIES stories (default 5,000) and
 * BENCH_RECORDINGS recordings (default 20,000), each recording a short real audio file.
 * Seeded straight into a fresh database (in-memory PGlite, or a new database on the PostgreSQL
 * server in TEST_DATABASE_URL) and a local store (one encoded clip, hard-linked under every
 * recording's key, so seeding writes no audio twice). Figures, not pass/fail: the goal is a peak
 * under 150 MB above the idle process. PGlite runs in this process, so the growth of its cache
 * (array buffers) while the export reads every row is counted too; with TEST_DATABASE_URL only
 * the writer's own memory is. BENCH_HEAP=1 with NODE_OPTIONS=--expose-gc prints the JS heap
 * kept after a collection every 1,000 files.
 */
import { link, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import yauzl from 'yauzl';
import { runFfmpeg } from '../server/audio/ffmpeg.ts';
import { writeArchive } from '../server/archive/export/write-archive.ts';
import { chapters, followUpQuestions, people, places, recordingPeople, recordingPlaces, recordings, stories, users } from '../server/db/schema.ts';
import { localBlobStore } from '../server/storage/local-store.ts';
import { freshDatabase } from '../test/support/database.ts';
import { CLIPS } from '../test/support/shared-files.ts';
import { benchRecordingRow, benchStoryRow } from './bench-library-rows.ts';

const STORIES = Number(process.env.BENCH_STORIES ?? 5000);
const RECORDINGS = Number(process.env.BENCH_RECORDINGS ?? 20_000);
const CHUNK = 500;
const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const work = await mkdtemp(path.join(tmpdir(), 'saaga-bench-export-'));
try {
  // One real clip: three seconds of speech as Opus in WebM, about what a phone sends per few seconds.
  const clip = path.join(work, 'clip.webm');
  const encoded = await runFfmpeg(['-v', 'error', '-y', '-i', CLIPS.jfk, '-t', '3', '-c:a', 'libopus', '-b:a', '24k', '-f', 'webm', clip], { timeoutMs: 60_000 });
  if (encoded.exitCode !== 0) throw new Error(`ffmpeg: ${encoded.stderr}`);
  const clipSize = (await stat(clip)).size;

  const database = await freshDatabase();
  const db = database.db;
  const storeRoot = path.join(work, 'store');
  const store = localBlobStore(storeRoot);

  const seedStart = performance.now();
  const [user] = await db.insert(users).values({ email: 'bench@example.com', firstName: 'Aino', lastName: 'Virtanen', languagePreference: 'fi' }).returning();
  const [chapter] = await db.insert(chapters).values({ userId: user.id, title: 'Lapsuus' }).returning();
  const [anna] = await db.insert(people).values({ userId: user.id, name: 'Anna', relationship: 'sister' }).returning();
  const [lake] = await db.insert(places).values({ userId: user.id, name: 'Näsijärvi', type: 'lake' }).returning();
  const storyIds: number[] = [];
  for (let i = 0; i < STORIES; i += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, STORIES - i) }, (_, j) => ({
      ...benchStoryRow(user.id, i + j),
      chapterId: (i + j) % 10 === 0 ? chapter.id : null,
    }));
    storyIds.push(...(await db.insert(stories).values(rows).returning({ id: stories.id })).map((r) => r.id));
  }
  // The first recording's key gets the clip; every other key is a hard link to the same file.
  const firstKey = `users/${user.id}/recordings/bench-0.webm`;
  await store.putFile(firstKey, clip, 'audio/webm');
  const firstFile = store.localFile!(firstKey);
  for (let i = 0; i < RECORDINGS; i += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, RECORDINGS - i) }, (_, j) => {
      const n = i + j;
      const storyId = storyIds.length ? storyIds[n % storyIds.length] : null;
      return {
        ...benchRecordingRow(user.id, storyId, Math.floor(n / Math.max(storyIds.length, 1))),
        audioKey: `users/${user.id}/recordings/bench-${n}.webm`,
        sizeBytes: clipSize,
        transcriptionSegments: [
          { start: 0, end: 1.5, text: 'We rowed across the lake' },
          { start: 1.5, end: 3, text: 'every morning before breakfast.' },
        ],
      };
    });
    const ids = await db.insert(recordings).values(rows).returning({ id: recordings.id });
    await db.insert(recordingPeople).values(ids.filter((_, k) => k % 2 === 0).map(({ id }) => ({ recordingId: id, personId: anna.id })));
    await db.insert(recordingPlaces).values(ids.filter((_, k) => k % 3 === 0).map(({ id }) => ({ recordingId: id, placeId: lake.id })));
    await Promise.all(rows.map((row, k) => (i + k === 0 ? null : link(firstFile, store.localFile!(row.audioKey)))));
  }
  for (let i = 0; i < storyIds.length; i += CHUNK) {
    await db
      .insert(followUpQuestions)
      .values(storyIds.slice(i, i + CHUNK).map((storyId) => ({ userId: user.id, storyId, question: 'Who rowed with you?' })));
  }
  const seedMs = performance.now() - seedStart;

  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const idleUsage = process.memoryUsage();
  const idle = idleUsage.rss;
  let peak = idle;
  let peakUsage = idleUsage;
  const sample = () => {
    const usage = process.memoryUsage();
    if (usage.rss > peak) [peak, peakUsage] = [usage.rss, usage];
  };
  const sampler = setInterval(sample, 20);

  const zipFile = path.join(work, 'export', 'archive.zip');
  await (await import('node:fs/promises')).mkdir(path.dirname(zipFile));
  let lastProgress = '';
  const exportStart = performance.now();
  const { sizeBytes } = await writeArchive({ db, store }, { userId: user.id, language: 'fi', exportedAt: new Date() }, zipFile, {
    onProgress: async (done, total) => {
      lastProgress = `${done}/${total}`;
      if (process.env.BENCH_HEAP && done % 1000 === 0) {
        globalThis.gc?.();
        console.log(`  at ${lastProgress}: after gc JS heap ${mb(process.memoryUsage().heapUsed)}, array buffers ${mb(process.memoryUsage().arrayBuffers)}`);
      }
    },
  });
  const exportMs = performance.now() - exportStart;
  clearInterval(sampler);
  sample();

  // The archive opens: its central directory lists every file (yauzl reads only that here).
  const entryCount = await new Promise<number>((resolve, reject) =>
    yauzl.open(zipFile, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      resolve(zip.entryCount);
      zip.close();
    }),
  );

  console.log(`bench:export, ${STORIES} stories and ${RECORDINGS} recordings (each a ${(clipSize / 1024).toFixed(1)} KB WebM clip)`);
  console.log(`  seeding:              ${seconds(seedMs)}`);
  console.log(`  export:               ${seconds(exportMs)} (progress ${lastProgress})`);
  console.log(`  entries:              ${entryCount}`);
  console.log(`  archive:              ${mb(sizeBytes)}, ${(sizeBytes / MB / (exportMs / 1000)).toFixed(1)} MB/s`);
  console.log(`  RSS idle:             ${mb(idle)}`);
  console.log(`  RSS peak:             ${mb(peak)}`);
  console.log(`  peak above idle:      ${mb(peak - idle)} (goal < 150 MB)`);
  const parts = (usage: NodeJS.MemoryUsage) =>
    `JS heap ${mb(usage.heapUsed)} of ${mb(usage.heapTotal)}, array buffers ${mb(usage.arrayBuffers)} (PGlite's memory is one), other external ${mb(usage.external - usage.arrayBuffers)}`;
  console.log(`  idle: ${parts(idleUsage)}`);
  console.log(`  peak: ${parts(peakUsage)}`);
  await database.close();
} finally {
  await rm(work, { recursive: true, force: true });
}
