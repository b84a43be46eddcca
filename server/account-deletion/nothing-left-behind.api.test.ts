import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { type FakeS3, startFakeS3 } from '../../test/fakes/s3-server.ts';
import { oneOfEverything, rowCounts, selectRows, storeKeys } from '../../test/support/account-contents.ts';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { HttpClient, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { waitFor } from '../../test/support/wait-for.ts';
import type { Engines } from '../ai/engines.ts';
import { startJobWorkers } from '../background/workers.ts';
import { users } from '../db/schema.ts';
import { sendJob } from '../jobs/send-job.ts';
import { writeAutobiographyJob } from '../autobiography/write-autobiography-job.ts';
import { finishConversationJob } from '../conversation/finish-conversation-job.ts';
import { followUpQuestionsJob } from '../follow-ups/follow-up-questions-job.ts';
import { gapQuestionsJob } from '../interviewer/gap-questions-job.ts';
import { refreshInfoJob } from '../people-and-places/refresh-info-job.ts';
import { transcribeRecordingJob } from '../pipeline/transcribe-recording-job.ts';
import { writeStoryJob } from '../pipeline/write-story-job.ts';
import { narrateStoryJob } from '../publishing/narrate-story-job.ts';
import type { BlobStore } from '../storage/index.ts';
import { localBlobStore } from '../storage/local-store.ts';

// The proof that a deleted account leaves nothing: rows of every table and keys of
// the store before another account exists, that account with one of everything and jobs
// waiting, its deletion, then the same rows and keys, the other account untouched, and the
// waiting jobs run and do nothing. On the local folder and on S3 (s3rver); CI runs this file
// on PGlite and again on PostgreSQL.
const JOBS_DONE_MS = 60_000;
const PASSWORD = 'long enough password';

let s3: FakeS3;
let fake: FakeOpenAi;
let webm: Buffer;
beforeAll(async () => {
  s3 = await startFakeS3(['deletion']);
  fake = await startFakeOpenAi();
  const clips = await clipDir();
  webm = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
  await clips.remove();
});
afterAll(async () => {
  await s3?.close();
  await fake?.close();
});

const stores: [string, () => BlobStore][] = [
  ['local', () => localBlobStore(mkdtempSync(path.join(tmpdir(), 'saaga-deletion-')))],
  ['s3', () => s3.store('deletion')],
];

/** Jobs the queue still has to run (pg-boss's table, read only). */
const unfinishedJobs = (app: TestApp) =>
  selectRows<{ name: string; state: string }>(app.database.db, sql`select name, state, data from pgboss.job where state in ('created', 'retry', 'active')`);
const jobStates = async (app: TestApp, ids: string[]) =>
  (await Promise.all(ids.map((id) => selectRows<{ state: string }>(app.database.db, sql`select state from pgboss.job where id = ${id}::uuid`)))).map(
    ([row]) => row?.state,
  );
const retiredSlugsOf = (app: TestApp) =>
  selectRows<{ slug: string; user_id: string | null }>(app.database.db, sql`select slug, user_id from retired_slugs order by slug`);

describe.each(stores)('deleting an account with the %s store', (_name, makeStore) => {
  let app: TestApp;
  let engines: Engines;
  beforeAll(async () => {
    app = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { store: makeStore() });
    engines = fakeOpenAiEngines(fake);
  });
  afterAll(async () => {
    await app?.close();
    await engines?.close();
  });

  it('leaves no row in any table and no file in the store, ends everything at once, and its waiting jobs do nothing', async () => {
    const { db } = app.database;
    // B, with some data, is there before and after.
    const b = await signedUpClient(app.url, `b-${_name}@example.com`);
    const seedB = seeder(db, app.store);
    const storyB = await seedB.story(b.id, { title: 'Grandfather’s boat' });
    await seedB.recording(b.id, { storyId: storyB.id });
    const bStories = await (await b.client.get('/api/stories')).json();
    const bRecordings = await (await b.client.get('/api/recordings')).json();

    // Anyone's reads of a public page and a link are counted per address and route: counted once before, so A's reads add no row.
    const anyone = new HttpClient(app.url);
    expect((await anyone.get('/published/no-such-page')).status).toBe(404);
    expect((await anyone.get('/api/published/no-such-page')).status).toBe(404);
    expect((await anyone.get(`/api/co-author/${'x'.repeat(43)}`)).status).toBe(404);

    const countsBefore = await rowCounts(db);
    const keysBefore = await storeKeys(app.store);
    const slugsBefore = await retiredSlugsOf(app);

    // A, with one of everything, signed in on two devices, an upload through the API and jobs waiting.
    const email = `a-${_name}@example.com`;
    const a = await signedUpClient(app.url, email);
    const secondDevice = new HttpClient(app.url);
    expect((await secondDevice.post('/api/auth/local/sign-in', { email, password: PASSWORD })).status).toBe(200);
    const upload = await uploadForm(a.client, '/api/recordings', { contextType: 'new_story', appLanguage: 'en' }, { bytes: webm, filename: 'a.webm' });
    expect(upload.status).toBe(201);
    const uploaded = (await upload.json()).recording;
    const everything = await oneOfEverything(db, app.store, a.id);
    const jobIds = [
      await sendJob(app.queue, writeStoryJob, { storyId: everything.story.id, regenerate: true }),
      await sendJob(app.queue, refreshInfoJob, { kind: 'person', id: everything.person.id }),
      await sendJob(app.queue, narrateStoryJob, { publishedStoryId: everything.published.id, narrationId: 'narration-1' }),
      await sendJob(app.queue, transcribeRecordingJob, { recordingId: everything.recording.id }),
      await sendJob(app.queue, followUpQuestionsJob, { storyId: everything.story.id }),
      await sendJob(app.queue, gapQuestionsJob, { userId: a.id, language: 'en' }),
      await sendJob(app.queue, writeAutobiographyJob, { id: everything.book.id }),
      await sendJob(app.queue, finishConversationJob, { storyId: everything.story.id, endedAt: new Date().toISOString() }),
    ];
    expect(jobIds).not.toContain(null);
    const uploadJobs = await selectRows<{ id: string }>(
      db,
      sql`select id from pgboss.job where name = ${transcribeRecordingJob.name} and (data->>'recordingId')::int = ${uploaded.id}`,
    );
    expect(uploadJobs).toHaveLength(1);
    const aJobs = [...(jobIds as string[]), uploadJobs[0]!.id];

    // Every table holds something of A now (a new table too: fill it above), but the leases and the retired slugs' held ones.
    const countsWithA = await rowCounts(db);
    const grew = Object.keys(countsWithA).filter((table) => countsWithA[table]! > (countsBefore[table] ?? 0));
    expect(Object.keys(countsWithA).filter((table) => !grew.includes(table)).sort()).toEqual(['job_leases']);
    const keysWithA = await storeKeys(app.store);
    expect(keysWithA.filter((key) => key.startsWith(`users/${a.id}/`)).length).toBe(keysWithA.length - keysBefore.length);
    expect(keysWithA.length).toBeGreaterThan(keysBefore.length + 4);
    const page = `/published/${everything.published.slug}`;
    expect((await new HttpClient(app.url).get(page)).status).toBe(200);
    expect((await new HttpClient(app.url).get(`/api/co-author/${everything.link.token}`)).status).toBe(200);

    const deleted = await a.client.request('DELETE', '/api/account', { language: 'en', confirmation: 'DELETE', password: PASSWORD });
    expect(deleted.status).toBe(202);

    // At once, before the job: no session, no page, no link.
    expect((await a.client.get('/api/auth/user')).status).toBe(401);
    expect((await secondDevice.get('/api/auth/user')).status).toBe(401);
    expect((await new HttpClient(app.url).get(page)).status).toBe(404);
    expect((await new HttpClient(app.url).get(`/api/published/${everything.published.slug}`)).status).toBe(404);
    const link = await new HttpClient(app.url).get(`/api/co-author/${everything.link.token}`);
    expect(link.status).toBe(404);
    expect((await link.json()).code).toBe('invalid_token');

    // One worker, so the deletion runs first (its queue is looked at first) and A's jobs after it.
    const workers = await startJobWorkers(
      { db, store: app.store, queue: app.queue, engines, accountAudioBytes: Number.MAX_SAFE_INTEGER, accountPhotoBytes: Number.MAX_SAFE_INTEGER, siteOrigin: () => null, log: { info: () => {}, warn: (obj, msg) => app.backgroundErrors.push(`warn ${msg}: ${JSON.stringify(obj)}`), error: (obj, msg) => app.backgroundErrors.push(`${msg}: ${JSON.stringify(obj)}`) } },
      { recoverInterrupted: false, concurrency: 1, retryDelayMs: 0 },
    );
    try {
      await waitFor(() => unfinishedJobs(app), (jobs) => jobs.length === 0, JOBS_DONE_MS, 'every job of the queue run');
    } finally {
      await workers.stop();
    }
    expect(await db.select().from(users).where(eq(users.id, a.id))).toEqual([]);
    // A's jobs ran, finished without failing, and asked the AI nothing.
    expect(await jobStates(app, aJobs)).toEqual(aJobs.map(() => 'completed'));
    expect(fake.requests).toEqual([]);
    expect(app.backgroundErrors).toEqual([]);

    const countsAfter = await rowCounts(db);
    const slugsAfter = await retiredSlugsOf(app);
    // retired_slugs may differ only by rows held for no one (user_id null): A's page's slug and the one it gave up before.
    const heldForNoOne = slugsAfter.filter((row) => row.user_id === null).map((row) => row.slug);
    expect(heldForNoOne.sort()).toEqual([everything.published.slug, `${everything.published.slug}-before`].sort());
    expect(slugsAfter.filter((row) => row.user_id !== null)).toEqual(slugsBefore);
    console.log('rows per table, before A / with A / after A is deleted:', Object.fromEntries(Object.keys(countsAfter).map((t) => [t, `${countsBefore[t]} / ${countsWithA[t]} / ${countsAfter[t]}`])));
    expect({ ...countsAfter, retired_slugs: countsAfter.retired_slugs! - heldForNoOne.length }).toEqual(countsBefore);
    const keysAfter = await storeKeys(app.store);
    console.log(`${_name} store keys, before A / with A / after: ${keysBefore.length} / ${keysWithA.length} / ${keysAfter.length}`);
    expect(keysAfter).toEqual(keysBefore);
    const counterKeys = (await selectRows<{ key: string }>(db, sql`select key from rate_limit_counters`)).map((row) => row.key);
    expect(counterKeys.filter((key) => key.includes(a.id) || key.includes(email))).toEqual([]);

    // B's account is as it was.
    expect(await (await b.client.get('/api/stories')).json()).toEqual(bStories);
    expect(await (await b.client.get('/api/recordings')).json()).toEqual(bRecordings);
    expect((await b.client.get('/api/auth/user')).status).toBe(200);
  });
});
